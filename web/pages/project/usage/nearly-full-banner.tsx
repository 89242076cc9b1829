import { HardDrive } from "lucide-react";
import { useTranslation } from "react-i18next";
import { byteSize, nearlyFull } from "./project-usage";
import { useProjectUsage } from "./use-project-usage";

/**
 * Over the project's pages from nine tenths of its room, for those who can delete records: the
 * warning before writes are refused.
 */
export function NearlyFullBanner() {
  const { t, i18n } = useTranslation();
  const usage = useProjectUsage("dataDelete");
  if (!usage || !nearlyFull(usage)) return null;
  return (
    <div
      role="status"
      data-testid="nearly-full-banner"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800"
    >
      <HardDrive aria-hidden="true" className="size-4" />
      <span className="flex-1">
        {t("project.usage.nearlyFull", {
          used: byteSize(usage.database_bytes, i18n.language),
          limit: byteSize(usage.database_limit_bytes, i18n.language),
        })}{" "}
        {t("project.usage.advice")}
      </span>
    </div>
  );
}
