import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

export function CreateExternalPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t("home.createExternal.heading")} />
      <EmptyState body={t("home.createExternal.emptyBody")} />
    </section>
  );
}
