import { HardDrive } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageBanner } from "../../../components/ui/page-banner";
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
    <PageBanner tone="danger" icon={HardDrive} testId="nearly-full-banner">
      {t("project.usage.nearlyFull", {
        used: byteSize(usage.database_bytes, i18n.language),
        limit: byteSize(usage.database_limit_bytes, i18n.language),
      })}{" "}
      {t("project.usage.advice")}
    </PageBanner>
  );
}
