import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";

/** "/:projectType/:projectId/auth": the project authentication tab. */
export function ProjectAuthPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">{t("project.auth.heading")}</h2>
      <EmptyState body={t("project.auth.emptyBody")} />
    </div>
  );
}
