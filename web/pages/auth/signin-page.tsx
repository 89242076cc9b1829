import { useMutation } from "@tanstack/react-query";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/text-field";
import { useAppInfo } from "../../lib/app-info";
import { authApi } from "../../lib/auth-api";
import { passkeyApi } from "../../lib/passkey-api";
import { adoptSigninAnswer, twoFactorTicket } from "../../lib/sign-in-flow";
import { AuthHeading } from "./auth-heading";
import { SocialButtons } from "./social-buttons";
import { PasskeyButton } from "./passkey-button";
import { TwoFactorStep } from "./two-factor-step";
import { useErrorText } from "./use-error-text";

/** /signin. On success the route guard takes the user on (redirect target or /). */
export function SigninPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const info = useAppInfo();
  const errorOf = useErrorText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signin = useMutation({
    mutationFn: async () => {
      const answer = await authApi.signin(email.trim(), password);
      if (!adoptSigninAnswer(answer)) throw new Error(t("msg.error.internal"));
    },
  });
  // Two-factor sign-in on: the password (or a social account) gave a ticket; the code comes next.
  const ticket = useSyncExternalStore(twoFactorTicket.subscribe, twoFactorTicket.get);

  function submit(e: FormEvent) {
    e.preventDefault();
    signin.mutate();
  }

  if (ticket) return <TwoFactorStep ticket={ticket} />;
  return (
    <>
      <AuthHeading title={t("auth.signin.heading")} subtitle={t("auth.signin.subheading")} />
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
        <TextField
          label={t("auth.fields.password")}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <div className="-mt-2 text-end">
          <Link to="/forgot-password" className="text-sm text-primary hover:underline">
            {t("auth.signin.forgotLink")}
          </Link>
        </div>
        <FormAlert tone="error" message={errorOf(signin.error)} />
        <Button type="submit" loading={signin.isPending} className="w-full">
          {t("auth.signin.submit")}
        </Button>
      </form>
      {/* A passkey is two factors already (the device, and the fingerprint or PIN): a token, no ticket. */}
      <PasskeyButton label={t("auth.signin.passkey")} ceremony={passkeyApi.signIn} />
      <SocialButtons info={info.data} />
      <p className="mt-6 flex justify-center gap-1 text-sm text-gray-600">
        {t("auth.signin.noAccount")}
        <Link to={{ pathname: "/signup", search }} className="font-medium text-primary hover:underline">
          {t("auth.signin.signupLink")}
        </Link>
      </p>
    </>
  );
}
