import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

/** "/:projectType/base/:baseId". */
export function BasePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t("project.base.heading")} />
      <EmptyState body={t("project.base.emptyBody")} />
    </section>
  );
}
