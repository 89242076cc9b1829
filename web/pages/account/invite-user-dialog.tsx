import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ORG_INVITE_ROLES, orgUsersApi, type OrgInviteRole } from "../../api/org-users-api";
import { queryKeys } from "../../api/query-keys";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { Modal } from "../../components/ui/modal";
import { SelectField } from "../../components/ui/select-field";
import { TextField } from "../../components/ui/text-field";
import { notify } from "../../lib/toast";
import { useErrorText } from "../auth/use-error-text";

function InviteUserForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OrgInviteRole>("org-level-viewer");
  const invite = useMutation({
    mutationFn: () => orgUsersApi.invite(email.trim(), role),
    onSuccess: async () => {
      notify.success(t("account.users.invited", { email: email.trim() }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.allOrgUsers });
      onDone();
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (email.trim()) invite.mutate();
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextField
        label={t("account.users.email")}
        type="email"
        autoFocus
        value={email}
        onValueChange={setEmail}
        placeholder={t("auth.placeholders.email")}
      />
      <SelectField
        label={t("account.users.role")}
        value={role}
        choices={ORG_INVITE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        onValueChange={(v) => setRole(v as OrgInviteRole)}
      />
      <FormAlert tone="error" message={errorOf(invite.error)} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
          {t("account.users.send")}
        </Button>
      </div>
    </form>
  );
}

/** Invites a person to the instance with an org role; they get a sign-up link by mail. */
export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t("account.users.inviteTitle")}
      description={t("account.users.inviteBody")}
    >
      <InviteUserForm onDone={() => onOpenChange(false)} />
    </Modal>
  );
}
