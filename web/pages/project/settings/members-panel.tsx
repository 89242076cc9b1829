import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { membersApi } from "../../../api/members-api";
import { queryKeys } from "../../../api/query-keys";
import { FormAlert } from "../../../components/ui/form-alert";
import { SearchBox, useDebouncedValue } from "../../../components/ui/search-box";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { errorText } from "../../../lib/api-errors";
import { useSession } from "../../../lib/use-session";
import { useProject } from "../project-context";
import { InviteForm } from "./invite-form";
import { MemberRow } from "./member-row";

/** The project's members: invite, search, change role, remove, resend invites. */
export function MembersPanel() {
  const { t } = useTranslation();
  const { projectId, can } = useProject();
  const { user } = useSession();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const members = useQuery({
    queryKey: queryKeys.members(projectId, query),
    queryFn: () => membersApi.list(projectId, query),
    placeholderData: keepPreviousData,
  });
  const list = members.data?.users.list ?? [];

  return (
    <div className="flex flex-col gap-4">
      {can("userInvite") ? <InviteForm /> : null}
      <SearchBox label={t("project.members.search")} value={search} onValueChange={setSearch} className="max-w-xs" />
      {members.isPending ? <FullPageSpinner /> : null}
      {members.isError ? <FormAlert tone="error" message={errorText(members.error, t("msg.error.internal"))} /> : null}
      {members.isSuccess && list.length === 0 ? (
        <p className="text-sm text-gray-500">{t("project.members.empty")}</p>
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t("project.members.listLabel")} className="divide-y divide-gray-100">
          {list.map((m) => (
            <MemberRow key={m.id} member={m} isSelf={m.id === user?.id} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
