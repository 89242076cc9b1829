import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { TextField } from "../../components/ui/text-field";
import { useAppInfo } from "../../lib/app-info";
import { authApi, type SignupInput } from "../../lib/auth-api";
import { adoptToken } from "../../lib/sign-in-flow";
import { AuthHeading } from "./auth-heading";
import { useErrorText } from "./use-error-text";

/** /signup and /signup/:token?email= (invitation). Signed in on success; the guard then goes to /. */
export function SignupPage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const { search } = useLocation();
  const info = useAppInfo();
  const errorOf = useErrorText();
  // An invitation's link names the invited address (functions/lib/invites.ts): filled in.
  const [email, setEmail] = useState(() => (token ? (new URLSearchParams(search).get("email") ?? "") : ""));
  const [password, setPassword] = useState("");
  const [firstname, setFirstname] = useState("");
  const [lastname, setLastname] = useState("");
  const signup = useMutation({
    mutationFn: async () => {
      const input: SignupInput = { email: email.trim(), password };
      if (firstname.trim()) input.firstname = firstname.trim();
      if (lastname.trim()) input.lastname = lastname.trim();
      if (token) input.token = token;
      const answer = await authApi.signup(input);
      // An address that has an account answers with no token: its holder gets a mail instead.
      if (answer && !("token" in answer)) return "checkEmail" as const;
      if (!adoptToken(answer?.token)) throw new Error(t("msg.error.internal"));
      return "signedIn" as const;
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    signup.mutate();
  }

  const hint = token ? t("auth.signup.inviteHint") : info.data?.firstUser ? t("auth.signup.firstUserHint") : null;
  const optional = t("auth.fields.optional");

  return (
    <>
      <AuthHeading title={t("auth.signup.heading")} subtitle={t("auth.signup.subheading")} />
      {hint ? <p className="mb-4 rounded-md bg-primary/10 px-3 py-2 text-sm text-primary">{hint}</p> : null}
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
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
          placeholder={t("auth.placeholders.password")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("auth.fields.firstname")}
            hint={optional}
            autoComplete="given-name"
            value={firstname}
            onValueChange={setFirstname}
          />
          <TextField
            label={t("auth.fields.lastname")}
            hint={optional}
            autoComplete="family-name"
            value={lastname}
            onValueChange={setLastname}
          />
        </div>
        <FormAlert tone="error" message={errorOf(signup.error)} />
        <FormAlert tone="success" message={signup.data === "checkEmail" ? t("auth.signup.checkEmail") : null} />
        <Button type="submit" loading={signup.isPending} className="w-full">
          {t("auth.signup.submit")}
        </Button>
      </form>
      <p className="mt-6 flex justify-center gap-1 text-sm text-gray-600">
        {t("auth.signup.haveAccount")}
        <Link to={{ pathname: "/signin", search }} className="font-medium text-primary hover:underline">
          {t("auth.signup.signinLink")}
        </Link>
      </p>
    </>
  );
}
