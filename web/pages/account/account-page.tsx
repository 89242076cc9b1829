import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

/** "/account" and "/account/:page". */
export function AccountPage() {
  const { t } = useTranslation();
  const { page } = useParams();
  return (
    <section>
      <PageHeading title={t("account.heading")} subtitle={page ? t("account.page", { page }) : undefined} />
      <EmptyState body={t("account.emptyBody")} />
    </section>
  );
}
