import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

export function CreateProjectPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t("home.create.heading")} />
      <EmptyState body={t("home.create.emptyBody")} />
    </section>
  );
}
