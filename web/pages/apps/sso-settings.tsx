import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OIDC_ROLES, type OidcRole } from "../../../db/apps/oidc-settings";
import { appsApi, type SsoSettings } from "../../api/apps-api";
import { SelectField } from "../../components/ui/select-field";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { SettingsActions } from "./settings-actions";
import { APPS_KEY } from "./email-settings";

/** The redirect URI to register at the identity provider: this site's SSO callback. */
const callbackUrl = () => `${window.location.origin}/api/v1/auth/oidc/callback`;

/** Single sign-on with OpenID Connect (issue 41): issuer, client, allowed domains, role of new users, "only SSO". */
export function SsoCard({ sso }: { sso: SsoSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [issuer, setIssuer] = useState(sso.issuer ?? "");
  const [clientId, setClientId] = useState(sso.clientId ?? "");
  const [clientSecret, setClientSecret] = useState("");
  const [domains, setDomains] = useState((sso.allowedDomains ?? []).join(", "));
  const [defaultRole, setDefaultRole] = useState<OidcRole>(sso.defaultRole ?? "org-level-viewer");
  const [label, setLabel] = useState(sso.label ?? "");
  const [ssoOnly, setSsoOnly] = useState(sso.ssoOnly ?? false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: APPS_KEY });
  const save = useMutation({
    mutationFn: () =>
      appsApi.saveSso({
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        clientSecret: clientSecret.trim() || undefined,
        allowedDomains: domains
          .split(/[\s,]+/)
          .map((d) => d.trim())
          .filter(Boolean),
        defaultRole,
        label: label.trim(),
        ssoOnly,
      }),
    onSuccess: () => (notify.success(t("apps.sso.saved")), setClientSecret(""), void refresh()),
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => appsApi.removeSso(),
    onSuccess: () => (notify.success(t("apps.sso.removed")), void refresh()),
    onError: notifyError,
  });
  return (
    <section aria-labelledby="apps-sso" className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="apps-sso" className="font-medium text-gray-900">
        {t("apps.sso.heading")}
      </h2>
      <p className="mt-1 text-sm text-gray-500">
        {sso.configured ? t("apps.sso.configured") : t("apps.sso.notConfigured")}
      </p>
      <p className="mt-1 text-sm text-gray-500">
        {t("apps.sso.callback")} <code dir="ltr">{callbackUrl()}</code>
      </p>
      <form
        className="mt-4 grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <TextField
          label={t("apps.sso.issuer")}
          dir="ltr"
          type="url"
          required
          value={issuer}
          onValueChange={setIssuer}
        />
        <TextField label={t("apps.sso.clientId")} dir="ltr" required value={clientId} onValueChange={setClientId} />
        <TextField
          label={t("apps.sso.clientSecret")}
          type="password"
          autoComplete="off"
          dir="ltr"
          required={!sso.configured}
          value={clientSecret}
          placeholder={sso.clientSecret || ""}
          hint={sso.configured ? t("apps.email.tokenKeep") : undefined}
          onValueChange={setClientSecret}
        />
        <TextField
          label={t("apps.sso.domains")}
          dir="ltr"
          value={domains}
          placeholder="example.com"
          onValueChange={setDomains}
        />
        <SelectField
          label={t("apps.sso.defaultRole")}
          value={defaultRole}
          choices={OIDC_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          onValueChange={(v) => setDefaultRole(v as OidcRole)}
        />
        <TextField label={t("apps.sso.label")} value={label} maxLength={60} onValueChange={setLabel} />
        <Switch label={t("apps.sso.ssoOnly")} checked={ssoOnly} onChange={setSsoOnly} />
        <p className="-mt-1 text-sm text-gray-500">{t("apps.sso.ssoOnlyHint")}</p>
        <SettingsActions
          saveLabel={t("apps.sso.save")}
          save={save}
          configured={sso.configured}
          remove={remove}
          removeTitle={t("apps.sso.removeTitle")}
          removeBody={t("apps.sso.removeBody")}
        />
      </form>
    </section>
  );
}
