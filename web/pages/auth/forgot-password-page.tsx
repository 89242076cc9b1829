import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/text-field";
import { authApi } from "../../lib/auth-api";
import { AuthHeading } from "./auth-heading";
import { useErrorText } from "./use-error-text";

/** /forgot-password: the server mails a reset link and answers the text to show. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [email, setEmail] = useState("");
  const forgot = useMutation({ mutationFn: () => authApi.forgotPassword(email.trim()) });

  function submit(e: FormEvent) {
    e.preventDefault();
    forgot.mutate();
  }

  return (
    <>
      <AuthHeading title={t("auth.forgot.heading")} subtitle={t("auth.forgot.subheading")} />
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
          placeholder={t("auth.placeholders.email")}
        />
        <FormAlert tone="error" message={errorOf(forgot.error)} />
        <FormAlert tone="success" message={forgot.isSuccess ? forgot.data?.msg : null} />
        <Button type="submit" loading={forgot.isPending} className="w-full">
          {t("auth.forgot.submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-medium text-primary hover:underline">
          {t("auth.forgot.backToSignin")}
        </Link>
      </p>
    </>
  );
}
