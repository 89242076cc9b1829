import { TableProperties } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";

/** The shell's empty child path: table creation and quick import land here. */
export function ProjectLanding() {
  const { t } = useTranslation();
  return <EmptyState title={t("project.landing.emptyTitle")} body={t("project.landing.emptyBody")} icon={TableProperties} />;
}
