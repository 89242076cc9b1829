import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { appsApi, type EmailSettings } from "../../api/apps-api";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";

export const APPS_KEY = ["apps"] as const;

/** The HTTP e-mail provider the mailer uses; its token is write-only (shown masked). */
export function EmailSettingsCard({ email }: { email: EmailSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const [from, setFrom] = useState(email.from ?? "");
  const [to, setTo] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: APPS_KEY });
  const save = useMutation({
    mutationFn: () => appsApi.saveEmail({ url: url.trim(), token: token || undefined, from: from.trim() || undefined }),
    onSuccess: () => {
      notify.success(t("apps.email.saved"));
      setUrl("");
      setToken("");
      void refresh();
    },
    onError: notifyError,
  });
  const test = useMutation({
    mutationFn: () => appsApi.testEmail(to.trim()),
    onSuccess: () => notify.success(t("apps.email.testSent")),
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => appsApi.removeEmail(),
    onSuccess: () => (notify.success(t("apps.email.removed")), void refresh()),
    onError: notifyError,
  });
  return (
    <section aria-labelledby="apps-email" className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="apps-email" className="font-medium text-gray-900">
        {t("apps.email.heading")}
      </h2>
      <p className="mt-1 text-sm text-gray-500">
        {email.configured
          ? t("apps.email.configured", { url: email.url, token: email.token || t("apps.email.noToken") })
          : t("apps.email.notConfigured")}
      </p>
      <form
        className="mt-4 grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <TextField
          className="sm:col-span-2"
          label={t("apps.email.url")}
          type="url"
          dir="ltr"
          required
          value={url}
          placeholder={email.url || "https://"}
          onValueChange={setUrl}
        />
        <TextField
          label={t("apps.email.token")}
          type="password"
          autoComplete="off"
          dir="ltr"
          value={token}
          placeholder={email.token || ""}
          hint={email.configured ? t("apps.email.tokenKeep") : undefined}
          onValueChange={setToken}
        />
        <TextField
          label={t("apps.email.from")}
          value={from}
          placeholder="Gridbase <no-reply@example.com>"
          onValueChange={setFrom}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            {t("apps.email.save")}
          </Button>
          {email.configured ? (
            <Button variant="secondary" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t("apps.email.remove")}
            </Button>
          ) : null}
        </div>
      </form>
      {email.configured ? (
        <form
          className="mt-4 flex flex-wrap items-end gap-2 border-t border-gray-100 pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            test.mutate();
          }}
        >
          <TextField
            className="min-w-56 flex-1"
            label={t("apps.email.testTo")}
            type="email"
            required
            value={to}
            onValueChange={setTo}
          />
          <Button type="submit" variant="secondary" loading={test.isPending}>
            {t("apps.email.test")}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
