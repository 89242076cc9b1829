/**
 * Sharing a dashboard publicly: a link anyone can open read-only (optionally with a password),
 * or no link, optionally until an expiry date; with the link, an embed code for other sites.
 * The public page is /nc/dashboard/{uuid}.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";
import { Modal } from "../components/ui/modal";
import { Switch } from "../components/ui/switch";
import { TextField } from "../components/ui/text-field";
import { copyText } from "../lib/clipboard";
import { notify } from "../lib/toast";
import { useNotifyError } from "../lib/use-notify-error";
import { ShareExpiry } from "../share/share-expiry";
import { dashboardsApi } from "./dashboards-api";
import type { Dashboard } from "./types";

export const publicDashboardUrl = (uuid: string) =>
  `${window.location.origin}/nc/dashboard/${encodeURIComponent(uuid)}`;

/** The HTML another site pastes to show the dashboard; the quotes of the URL escaped for the attribute. */
export const embedCode = (url: string) =>
  `<iframe src="${url.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;

type Share = Dashboard["share"];

function CopyRow({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <input
        readOnly
        aria-label={label}
        value={value}
        dir="ltr"
        className="min-w-0 flex-1 rounded-md border border-gray-300 px-2 py-1.5 text-sm"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        type="button"
        variant="secondary"
        onClick={() =>
          void copyText(value).then((ok) =>
            ok ? notify.success(t("common.copied")) : notify.error(t("common.copyFailed")),
          )
        }
      >
        {copyLabel}
      </Button>
    </div>
  );
}

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  dashboardId: string;
  share: Share;
  onChanged(share: Share): void;
}

export function ShareDashboardDialog({ open, onOpenChange, dashboardId, share: current, onChanged }: Props) {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  const [password, setPassword] = useState("");
  const share = useMutation({
    mutationFn: (body: { password?: string; expires_at?: string | null }) => dashboardsApi.share(dashboardId, body),
    onSuccess: (r, body) => {
      onChanged(r);
      notify.success(
        t(
          body.password
            ? "sharedView.share.passwordSaved"
            : body.expires_at !== undefined
              ? "dashboards.expirySaved"
              : "sharedView.share.enabled",
        ),
      );
    },
    onError: notifyError,
  });
  const unshare = useMutation({
    mutationFn: () => dashboardsApi.unshare(dashboardId),
    onSuccess: () => {
      onChanged(null);
      notify.success(t("sharedView.share.disabled"));
    },
    onError: notifyError,
  });
  const uuid = current?.uuid ?? null;
  const link = uuid ? publicDashboardUrl(uuid) : "";
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("dashboards.share")}>
      <div className="flex flex-col gap-3">
        <Switch
          label={t("sharedView.share.enable")}
          checked={!!uuid}
          disabled={share.isPending || unshare.isPending}
          onChange={(on) => (on ? share.mutate({}) : unshare.mutate())}
        />
        {uuid ? (
          <>
            <CopyRow label={t("sharedView.share.link")} copyLabel={t("sharedView.share.copy")} value={link} />
            <ShareExpiry expiresAt={current?.expires_at} onChange={(expires_at) => share.mutate({ expires_at })} />
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                share.mutate({ password });
              }}
            >
              <TextField
                className="flex-1"
                type="password"
                autoComplete="new-password"
                label={t("sharedView.share.password")}
                placeholder={t("sharedView.share.passwordPlaceholder")}
                value={password}
                onValueChange={setPassword}
              />
              <Button type="submit" variant="secondary" disabled={!password} loading={share.isPending}>
                {t("sharedView.share.passwordSave")}
              </Button>
            </form>
            <CopyRow label={t("dashboards.embedCode")} copyLabel={t("dashboards.copyEmbed")} value={embedCode(link)} />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
