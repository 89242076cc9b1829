import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ORG_USERS_PAGE_SIZE, orgUsersApi } from "../../api/org-users-api";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { PageButtons } from "../../components/ui/page-buttons";
import { PageHeading } from "../../components/ui/page-heading";
import { SearchBox, useDebouncedValue } from "../../components/ui/search-box";
import { FullPageSpinner } from "../../components/ui/spinner";
import { errorText } from "../../lib/api-errors";
import { AppSettingsCard } from "./app-settings-card";
import { InviteUserDialog } from "./invite-user-dialog";
import { OrgUserRow } from "./org-user-row";

const HEAD = "px-4 py-2 text-start text-xs font-semibold uppercase tracking-wide text-gray-500";

/** "/account/users": the super admin's user management (API-CONTRACT 3.2). */
export function AccountUsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const [offset, setOffset] = useState(0);
  const [inviting, setInviting] = useState(false);
  const users = useQuery({
    queryKey: queryKeys.orgUsers(query, offset),
    queryFn: () => orgUsersApi.list(query, offset),
    placeholderData: keepPreviousData,
  });
  const list = users.data?.list ?? [];
  const pageInfo = users.data?.pageInfo;

  return (
    <section className="flex flex-col gap-6">
      <PageHeading
        title={t("account.users.heading")}
        subtitle={t("account.users.subheading")}
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t("account.users.invite")}
          </Button>
        }
      />
      <AppSettingsCard />
      <SearchBox
        label={t("account.users.search")}
        value={search}
        onValueChange={(v) => (setSearch(v), setOffset(0))}
        className="max-w-sm"
      />
      {users.isPending ? <FullPageSpinner /> : null}
      {users.isError ? <FormAlert tone="error" message={errorText(users.error, t("msg.error.internal"))} /> : null}
      {users.isSuccess && list.length === 0 ? (
        <p className="text-sm text-gray-500">{t("account.users.empty")}</p>
      ) : null}
      {list.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full min-w-[40rem]">
            <thead className="bg-gray-50">
              <tr>
                <th className={HEAD}>{t("account.users.colEmail")}</th>
                <th className={HEAD}>{t("account.users.colRole")}</th>
                <th className={HEAD}>{t("account.users.colProjects")}</th>
                <th className={HEAD}>{t("account.users.colStatus")}</th>
                <th className={`${HEAD} text-end`}>{t("account.users.colActions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((u) => (
                <OrgUserRow key={u.id} user={u} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <PageButtons pageInfo={pageInfo} offset={offset} pageSize={ORG_USERS_PAGE_SIZE} onOffset={setOffset} />
      <InviteUserDialog open={inviting} onOpenChange={setInviting} />
    </section>
  );
}
