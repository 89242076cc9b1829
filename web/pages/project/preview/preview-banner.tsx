import { Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { setPreviewAs } from "../../../lib/preview";
import { useProject } from "../project-context";

/** Shown while previewing: which role, and the way back. */
export function PreviewBanner() {
  const { t } = useTranslation();
  const { previewAs } = useProject();
  if (!previewAs) return null;
  return (
    <div
      role="status"
      data-testid="preview-banner"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-accent/40 bg-accent/10 px-4 py-2 text-sm text-gray-800"
    >
      <Eye aria-hidden="true" className="size-4 text-accent" />
      <span className="flex-1">{t("project.preview.banner", { role: t(`roles.${previewAs}`) })}</span>
      <Button variant="secondary" className="px-3 py-1" onClick={() => setPreviewAs(null)}>
        {t("project.preview.exit")}
      </Button>
    </div>
  );
}
