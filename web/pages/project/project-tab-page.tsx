import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../components/ui/empty-state";

/** "table/:title/:viewTitle?" and "view/:title/:viewTitle?" under the project shell. */
export function ProjectTabPage({ type }: { type: "table" | "view" }) {
  const { t } = useTranslation();
  const { title = "", viewTitle } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">{type === "table" ? t("project.tab.table", { title }) : t("project.tab.view", { title })}</h2>
      {viewTitle ? <p className="text-sm text-gray-500">{t("project.tab.viewTitle", { viewTitle })}</p> : null}
      <EmptyState body={t("project.tab.emptyBody")} />
    </div>
  );
}
