import { Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { PageBanner } from "../../../components/ui/page-banner";
import { setPreviewAs } from "../../../lib/preview";
import { useProject } from "../project-context";

/** Shown while previewing: which role, and the way back. */
export function PreviewBanner() {
  const { t } = useTranslation();
  const { previewAs } = useProject();
  if (!previewAs) return null;
  return (
    <PageBanner
      tone="accent"
      icon={Eye}
      testId="preview-banner"
      action={
        <Button variant="secondary" className="px-3 py-1" onClick={() => setPreviewAs(null)}>
          {t("project.preview.exit")}
        </Button>
      }
    >
      {t("project.preview.banner", { role: t(`roles.${previewAs}`) })}
    </PageBanner>
  );
}
