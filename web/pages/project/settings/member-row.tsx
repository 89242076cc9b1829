import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send, UserMinus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { membersApi } from "../../../api/members-api";
import { queryKeys } from "../../../api/query-keys";
import type { Member } from "../../../api/types";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { IconButton } from "../../../components/ui/icon-button";
import { RoleBadge } from "../../../components/ui/role-badge";
import { SelectField } from "../../../components/ui/select-field";
import { assignableRoles, canManageRole } from "../../../lib/role-options";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";

/** One member: role (changeable within the caller's rank), pending invite, resend and remove. */
export function MemberRow({ member, isSelf }: { member: Member; isSelf: boolean }) {
  const { t } = useTranslation();
  const { projectId, flags, can } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.allMembers(projectId) });
  const manageable = !isSelf && canManageRole(flags, member.roles);
  const email = member.email;

  const changeRole = useMutation({
    mutationFn: (role: string) => membersApi.update(projectId, member.id, role),
    onSuccess: async () => {
      notify.success(t("project.members.roleChanged", { email }));
      await refresh();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => membersApi.remove(projectId, member.id),
    onSuccess: async () => {
      notify.success(t("project.members.removed", { email }));
      setConfirming(false);
      await refresh();
    },
    onError: notifyError,
  });
  const resend = useMutation({
    mutationFn: () => membersApi.resendInvite(projectId, member.id),
    onSuccess: () => notify.success(t("project.members.resent", { email })),
    onError: notifyError,
  });

  const name = [member.firstname, member.lastname].filter(Boolean).join(" ");
  return (
    <li data-testid="member-row" className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">
          {email}
          {isSelf ? <span className="ms-2 text-xs font-normal text-gray-500">{t("project.members.you")}</span> : null}
        </p>
        <p className="flex gap-2 text-xs text-gray-500">
          {name ? <span>{name}</span> : null}
          {member.pending ? (
            <span className="rounded bg-amber-50 px-1.5 text-amber-700">{t("project.members.pending")}</span>
          ) : null}
        </p>
      </div>
      {manageable && can("projectUserUpdate") ? (
        <SelectField
          label={t("project.members.changeRole", { email })}
          hideLabel
          value={member.roles ?? ""}
          disabled={changeRole.isPending}
          choices={assignableRoles(flags).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onValueChange={(role) => changeRole.mutate(role)}
        />
      ) : (
        <RoleBadge roles={member.roles} />
      )}
      <div className="flex gap-1">
        {member.pending && can("projectUserResendInvite") ? (
          <IconButton
            label={t("project.members.resend", { email })}
            icon={Send}
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          />
        ) : null}
        {manageable && can("projectUserDelete") ? (
          <IconButton
            label={t("project.members.remove", { email })}
            icon={UserMinus}
            tone="danger"
            onClick={() => setConfirming(true)}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("project.members.removeTitle")}
        body={t("project.members.removeBody", { email })}
        confirmLabel={t("project.members.removeConfirm")}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}
