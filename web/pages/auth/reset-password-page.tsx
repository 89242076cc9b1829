import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { FullPageSpinner } from "../../components/ui/spinner";
import { TextField } from "../../components/ui/text-field";
import { authApi } from "../../lib/auth-api";
import { notify } from "../../lib/toast";
import { AuthHeading } from "./auth-heading";
import { useErrorText } from "./use-error-text";

/**
 * /reset-password/:token, reached from the mailed link (the server redirects there). The token is
 * checked first; a new password is then sent, and on success the user goes to /signin.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const errorOf = useErrorText();
  const [password, setPassword] = useState("");
  const check = useQuery({
    queryKey: ["resetToken", token],
    queryFn: () => authApi.validateResetToken(token),
    staleTime: Infinity,
  });
  const reset = useMutation({
    mutationFn: () => authApi.resetPassword(token, password),
    onSuccess: async (answer) => {
      notify.success(answer?.msg || t("auth.reset.success"));
      await navigate("/signin", { replace: true });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    reset.mutate();
  }

  if (check.isPending) return <FullPageSpinner />;

  return (
    <>
      <AuthHeading title={t("auth.reset.heading")} subtitle={t("auth.reset.subheading")} />
      {check.isError ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="error" message={errorOf(check.error) ?? t("auth.reset.invalidLink")} />
          <Link to="/forgot-password" className="text-center text-sm font-medium text-primary hover:underline">
            {t("auth.reset.requestNew")}
          </Link>
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <TextField
            label={t("auth.fields.newPassword")}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onValueChange={setPassword}
            placeholder={t("auth.placeholders.password")}
          />
          <FormAlert tone="error" message={errorOf(reset.error)} />
          <Button type="submit" loading={reset.isPending} className="w-full">
            {t("auth.reset.submit")}
          </Button>
        </form>
      )}
    </>
  );
}
