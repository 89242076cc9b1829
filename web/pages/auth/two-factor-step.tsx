import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/text-field";
import { authApi } from "../../lib/auth-api";
import { passkeyApi } from "../../lib/passkey-api";
import { adoptToken, twoFactorTicket } from "../../lib/sign-in-flow";
import { AuthHeading } from "./auth-heading";
import { PasskeyButton } from "./passkey-button";
import { useErrorText } from "./use-error-text";

/**
 * The second step of signing in when two-factor sign-in is on: the code from the authenticator
 * app, one of the recovery codes, or (when the user has one) a passkey. "Start again" drops the ticket and shows the password form.
 */
export function TwoFactorStep({ ticket }: { ticket: string }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [code, setCode] = useState("");
  const verify = useMutation({
    mutationFn: async () => {
      const answer = await authApi.twoFactorVerify(ticket, code.trim());
      if (!adoptToken(answer?.token)) throw new Error(t("msg.error.internal"));
      twoFactorTicket.set(null);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    verify.mutate();
  }

  return (
    <>
      <AuthHeading title={t("auth.twoFactor.heading")} subtitle={t("auth.twoFactor.subheading")} />
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField
          label={t("auth.twoFactor.code")}
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={64}
          value={code}
          onValueChange={setCode}
        />
        <FormAlert tone="error" message={errorOf(verify.error)} />
        <Button type="submit" loading={verify.isPending} className="w-full">
          {t("auth.twoFactor.submit")}
        </Button>
      </form>
      {twoFactorTicket.passkey() ? (
        <PasskeyButton
          label={t("auth.twoFactor.usePasskey")}
          ceremony={() => passkeyApi.secondFactor(ticket)}
          onSignedIn={() => twoFactorTicket.set(null)}
        />
      ) : null}
      <p className="mt-6 flex justify-center text-sm">
        <button type="button" className="text-primary hover:underline" onClick={() => twoFactorTicket.set(null)}>
          {t("auth.twoFactor.startAgain")}
        </button>
      </p>
    </>
  );
}
