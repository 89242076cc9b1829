/**
 * Sharing a dashboard publicly: a link anyone can open read-only (optionally with a password),
 * or no link. The public page is /nc/dashboard/{uuid}.
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
import { dashboardsApi } from "./dashboards-api";

export const publicDashboardUrl = (uuid: string) =>
  `${window.location.origin}/nc/dashboard/${encodeURIComponent(uuid)}`;

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  dashboardId: string;
  uuid: string | null;
  onChanged(uuid: string | null): void;
}

export function ShareDashboardDialog({ open, onOpenChange, dashboardId, uuid, onChanged }: Props) {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  const [password, setPassword] = useState("");
  const share = useMutation({
    mutationFn: (pw: string) => dashboardsApi.share(dashboardId, pw ? { password: pw } : {}),
    onSuccess: (r, pw) => {
      onChanged(r?.uuid ?? null);
      notify.success(t(pw ? "sharedView.share.passwordSaved" : "sharedView.share.enabled"));
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
  const link = uuid ? publicDashboardUrl(uuid) : "";
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("dashboards.share")}>
      <div className="flex flex-col gap-3">
        <Switch
          label={t("sharedView.share.enable")}
          checked={!!uuid}
          disabled={share.isPending || unshare.isPending}
          onChange={(on) => (on ? share.mutate("") : unshare.mutate())}
        />
        {uuid ? (
          <>
            <div className="flex items-center gap-2">
              <input
                readOnly
                aria-label={t("sharedView.share.link")}
                value={link}
                className="min-w-0 flex-1 rounded-md border border-gray-300 px-2 py-1.5 text-sm"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                type="button"
                variant="secondary"
                onClick={() =>
                  void copyText(link).then((ok) =>
                    ok ? notify.success(t("sharedView.share.copied")) : notify.error(t("common.copyFailed")),
                  )
                }
              >
                {t("sharedView.share.copy")}
              </Button>
            </div>
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                share.mutate(password);
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
          </>
        ) : null}
      </div>
    </Modal>
  );
}
