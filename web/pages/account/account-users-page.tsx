import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeading } from "../../components/ui/page-heading";

/** "/account/users/:nestedPage?". */
export function AccountUsersPage() {
  const { t } = useTranslation();
  const { nestedPage } = useParams();
  return (
    <section>
      <PageHeading title={t("account.users.heading")} subtitle={nestedPage ? t("account.page", { page: nestedPage }) : undefined} />
      <EmptyState body={t("account.users.emptyBody")} />
    </section>
  );
}
