import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

/** "/projects" and "/projects/list". */
export function ProjectsPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t("projects.heading")} />
      <EmptyState body={t("projects.emptyBody")} />
    </section>
  );
}
