import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { appsApi, type TurnstileSettings } from "../../api/apps-api";
import { TextField } from "../../components/ui/text-field";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { SettingsActions } from "./settings-actions";
import { APPS_KEY } from "./email-settings";

/** Cloudflare Turnstile for every shared form (issue 22): the site key, and the secret key, write-only. */
export function TurnstileCard({ turnstile }: { turnstile: TurnstileSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [siteKey, setSiteKey] = useState(turnstile.siteKey ?? "");
  const [secretKey, setSecretKey] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: APPS_KEY });
  const save = useMutation({
    mutationFn: () => appsApi.saveTurnstile({ siteKey: siteKey.trim(), secretKey: secretKey.trim() || undefined }),
    onSuccess: () => (notify.success(t("apps.turnstile.saved")), setSecretKey(""), void refresh()),
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => appsApi.removeTurnstile(),
    onSuccess: () => (notify.success(t("apps.turnstile.removed")), void refresh()),
    onError: notifyError,
  });
  return (
    <section aria-labelledby="apps-turnstile" className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="apps-turnstile" className="font-medium text-gray-900">
        {t("apps.turnstile.heading")}
      </h2>
      <p className="mt-1 text-sm text-gray-500">
        {turnstile.configured ? t("apps.turnstile.configured") : t("apps.turnstile.notConfigured")}
      </p>
      <form
        className="mt-4 grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <TextField label={t("apps.turnstile.siteKey")} dir="ltr" required value={siteKey} onValueChange={setSiteKey} />
        <TextField
          label={t("apps.turnstile.secretKey")}
          type="password"
          autoComplete="off"
          dir="ltr"
          required={!turnstile.configured}
          value={secretKey}
          placeholder={turnstile.secretKey || ""}
          hint={turnstile.configured ? t("apps.email.tokenKeep") : undefined}
          onValueChange={setSecretKey}
        />
        <SettingsActions
          saveLabel={t("apps.turnstile.save")}
          save={save}
          configured={turnstile.configured}
          remove={remove}
          removeTitle={t("apps.turnstile.removeTitle")}
          removeBody={t("apps.turnstile.removeBody")}
        />
      </form>
    </section>
  );
}
