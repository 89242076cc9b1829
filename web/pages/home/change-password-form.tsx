import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/text-field";
import { authApi } from "../../lib/auth-api";
import { adoptToken } from "../../lib/sign-in-flow";
import { notify } from "../../lib/toast";
import { useErrorText } from "../auth/use-error-text";

/** Password change: the answer carries a new token that keeps this browser signed in. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: () => authApi.changePassword(currentPassword, newPassword),
    onSuccess: (answer) => {
      adoptToken(answer?.token);
      notify.success(answer?.msg || t("profile.changePassword.success"));
      setCurrent("");
      setNew("");
      setConfirm("");
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (newPassword !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate();
  }

  return (
    <form className="flex max-w-md flex-col gap-4" onSubmit={submit}>
      <h2 className="text-lg font-semibold text-gray-900">{t("profile.changePassword.heading")}</h2>
      <TextField
        label={t("auth.fields.currentPassword")}
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onValueChange={setCurrent}
      />
      <TextField
        label={t("auth.fields.newPassword")}
        type="password"
        autoComplete="new-password"
        required
        value={newPassword}
        onValueChange={setNew}
      />
      <TextField
        label={t("auth.fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onValueChange={(v) => {
          setConfirm(v);
          setMismatch(false);
        }}
        error={mismatch ? t("msg.error.passwordMismatch") : null}
      />
      <FormAlert tone="error" message={errorOf(change.error)} />
      <div>
        <Button type="submit" loading={change.isPending}>
          {t("profile.changePassword.submit")}
        </Button>
      </div>
    </form>
  );
}
