import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link2, Send, ShieldCheck, ShieldOff, UserMinus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toFlags } from "../../../db/acl/roles";
import { ORG_INVITE_ROLES, orgUsersApi, type OrgInviteRole } from "../../api/org-users-api";
import { queryKeys } from "../../api/query-keys";
import type { OrgUser } from "../../api/types";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { IconButton } from "../../components/ui/icon-button";
import { SelectField } from "../../components/ui/select-field";
import { copyText } from "../../lib/clipboard";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";

/** One user of the instance: org role, status, projects, and the super admin's actions. */
export function OrgUserRow({ user }: { user: OrgUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);
  const [resetting2fa, setResetting2fa] = useState(false);
  const email = user.email;
  const isSuper = Boolean(toFlags(user.roles).super);
  const role = ORG_INVITE_ROLES.find((r) => toFlags(user.roles)[r]) ?? "org-level-viewer";
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.allOrgUsers });

  const changeRole = useMutation({
    mutationFn: (next: OrgInviteRole) => orgUsersApi.update(user.id, next),
    onSuccess: async () => (notify.success(t("account.users.roleChanged", { email })), await refresh()),
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => orgUsersApi.remove(user.id),
    onSuccess: async () => {
      notify.success(t("account.users.removed"));
      setConfirming(false);
      await refresh();
    },
    onError: notifyError,
  });
  const resend = useMutation({
    mutationFn: () => orgUsersApi.resendInvite(user.id),
    onSuccess: () => notify.success(t("account.users.resent", { email })),
    onError: notifyError,
  });
  const resetLink = useMutation({
    mutationFn: () => orgUsersApi.resetUrl(user.id),
    onSuccess: async ({ reset_password_url }) => {
      const copied = await copyText(reset_password_url);
      if (copied) notify.success(t("account.users.resetCopied"));
      else notify.info(`${t("account.users.resetLinkLabel")}: ${reset_password_url}`);
    },
    onError: notifyError,
  });

  const resetTwoFactor = useMutation({
    mutationFn: () => orgUsersApi.resetTwoFactor(user.id),
    onSuccess: async () => {
      notify.success(t("account.users.twoFactorReset", { email }));
      setResetting2fa(false);
      await refresh();
    },
    onError: notifyError,
  });

  const requireTwoFactor = useMutation({
    mutationFn: (required: boolean) => orgUsersApi.requireTwoFactor(user.id, required),
    onSuccess: async (_, required) => {
      notify.success(
        t(required ? "account.users.twoFactorRequiredOf" : "account.users.twoFactorNotRequiredOf", { email }),
      );
      await refresh();
    },
    onError: notifyError,
  });

  return (
    <tr data-testid="org-user-row" className="border-t border-gray-100">
      <td className="px-4 py-2.5 text-sm text-gray-900">{email}</td>
      <td className="px-4 py-2.5">
        {isSuper ? (
          <span className="text-sm text-gray-700">{t("roles.super")}</span>
        ) : (
          <SelectField
            label={t("account.users.changeRole", { email })}
            hideLabel
            value={role}
            disabled={changeRole.isPending}
            choices={ORG_INVITE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            onValueChange={(v) => changeRole.mutate(v as OrgInviteRole)}
          />
        )}
      </td>
      <td className="px-4 py-2.5 text-sm text-gray-600">{user.projectsCount}</td>
      <td className="px-4 py-2.5 text-sm">
        {user.pending ? (
          <span className="text-amber-700">{t("account.users.pending")}</span>
        ) : (
          <span className="text-green-700">{t("account.users.active")}</span>
        )}
        {user.two_factor || user.two_factor_required ? (
          <span className={`block text-xs ${user.two_factor ? "text-gray-600" : "text-amber-700"}`}>
            {t(user.two_factor ? "account.users.twoFactorOnBadge" : "account.users.twoFactorRequiredBadge")}
          </span>
        ) : null}
      </td>
      <td className="px-4 py-2.5">
        <div className="flex justify-end gap-1">
          {user.pending ? (
            <IconButton
              label={t("account.users.resend", { email })}
              icon={Send}
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
            />
          ) : null}
          {user.pending ? null : (
            <IconButton
              label={t("account.users.resetLink", { email })}
              icon={Link2}
              disabled={resetLink.isPending}
              onClick={() => resetLink.mutate()}
            />
          )}
          <IconButton
            label={t(
              user.two_factor_required ? "account.users.stopRequiringTwoFactorOf" : "account.users.requireTwoFactorOf",
              { email },
            )}
            icon={ShieldCheck}
            aria-pressed={user.two_factor_required}
            className={user.two_factor_required ? "bg-primary/10 text-primary" : ""}
            disabled={requireTwoFactor.isPending}
            onClick={() => requireTwoFactor.mutate(!user.two_factor_required)}
          />
          {user.two_factor ? (
            <IconButton
              label={t("account.users.resetTwoFactor", { email })}
              icon={ShieldOff}
              onClick={() => setResetting2fa(true)}
            />
          ) : null}
          {isSuper ? null : (
            <IconButton
              label={t("account.users.remove", { email })}
              icon={UserMinus}
              tone="danger"
              onClick={() => setConfirming(true)}
            />
          )}
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("account.users.removeTitle")}
          body={t("account.users.removeBody", { email })}
          confirmLabel={t("account.users.removeConfirm")}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
        <ConfirmDialog
          open={resetting2fa}
          onOpenChange={setResetting2fa}
          title={t("account.users.resetTwoFactorTitle")}
          body={t("account.users.resetTwoFactorBody", { email })}
          confirmLabel={t("account.users.resetTwoFactorConfirm")}
          pending={resetTwoFactor.isPending}
          onConfirm={() => resetTwoFactor.mutate()}
        />
      </td>
    </tr>
  );
}
