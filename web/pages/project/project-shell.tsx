import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router-dom";
import { PageHeading } from "../../components/ui/page-heading";

/** "/:projectType/:projectId": the project shell; tabs and the table list arrive with later issues. */
export function ProjectShell() {
  const { t } = useTranslation();
  const { projectId = "" } = useParams();
  return (
    <section>
      <PageHeading title={t("project.heading", { id: projectId })} />
      <Outlet />
    </section>
  );
}
