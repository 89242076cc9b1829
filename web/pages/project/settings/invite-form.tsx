import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { membersApi } from "../../../api/members-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { assignableRoles } from "../../../lib/role-options";
import { notify } from "../../../lib/toast";
import { useErrorText } from "../../auth/use-error-text";
import { useProject } from "../project-context";

interface InviteAnswer {
  msg: string;
  error?: Array<{ email: string; error: string }>;
}

/** Invites one or more e-mail addresses with a role no higher than the caller's own. */
export function InviteForm() {
  const { t } = useTranslation();
  const { projectId, flags } = useProject();
  const queryClient = useQueryClient();
  const errorOf = useErrorText();
  const roles = assignableRoles(flags);
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState<string>(roles.includes("editor") ? "editor" : (roles[roles.length - 1] ?? "viewer"));
  const [partial, setPartial] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () => membersApi.invite(projectId, emails.trim(), role) as Promise<InviteAnswer>,
    onSuccess: async (answer) => {
      const failed = answer.error ?? [];
      setPartial(failed.length ? failed.map((f) => f.error).join("\n") : null);
      notify.success(answer.msg || t("project.members.invited"));
      setEmails("");
      await queryClient.invalidateQueries({ queryKey: queryKeys.allMembers(projectId) });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (emails.trim()) invite.mutate();
  }

  return (
    <form className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4" onSubmit={submit} noValidate>
      <h3 className="text-sm font-semibold text-gray-900">{t("project.members.inviteHeading")}</h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={t("project.members.emails")}
          hint={t("project.members.emailsHint")}
          type="text"
          inputMode="email"
          value={emails}
          onValueChange={setEmails}
          placeholder={t("auth.placeholders.email")}
        />
        <SelectField
          label={t("project.members.role")}
          value={role}
          choices={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onValueChange={setRole}
        />
        <Button type="submit" loading={invite.isPending} disabled={!emails.trim()}>
          {t("project.members.invite")}
        </Button>
      </div>
      <FormAlert tone="error" message={errorOf(invite.error) ?? partial} />
    </form>
  );
}
