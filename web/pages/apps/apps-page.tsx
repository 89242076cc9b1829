import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

/** "/apps": the app store, super admins only (route meta allowedRoles). */
export function AppsPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeading title={t("apps.heading")} />
      <EmptyState body={t("apps.emptyBody")} />
    </section>
  );
}
