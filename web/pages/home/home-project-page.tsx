import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

/** "/:projectId" inside the home shell. */
export function HomeProjectPage() {
  const { t } = useTranslation();
  const { projectId = "" } = useParams();
  return (
    <section>
      <PageHeading title={t("home.project.heading", { id: projectId })} />
      <EmptyState body={t("home.project.emptyBody")} />
    </section>
  );
}
