/**
 * The calendar's iCal subscription, for builders: make an address (shown once, to copy into a
 * calendar app), make a new one (the old stops working) or turn it off (after a confirmation).
 */
import { useQueryClient } from "@tanstack/react-query";
import { CalendarSync, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { viewKindsApi, type CalendarSettings } from "../../api/view-kinds-api";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Modal } from "../../components/ui/modal";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";

export function CalendarFeed({ viewId, settings }: { viewId: string; settings: CalendarSettings }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const since = settings.ical_feed?.created_at;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["calendar", viewId] });

  async function make() {
    setBusy(true);
    try {
      const made = await viewKindsApi.openFeed(viewId);
      setUrl(made.url);
      notify.success(t("views.calendar.feedMade"));
      await refresh();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }
  async function revoke() {
    setBusy(true);
    try {
      await viewKindsApi.closeFeed(viewId);
      setUrl(null);
      setConfirm(false);
      notify.success(t("views.calendar.feedRevoked"));
      await refresh();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(url ?? "");
      notify.success(t("common.copied"));
    } catch {
      notify.error(t("common.copyFailed"));
    }
  }

  return (
    <>
      <button
        type="button"
        className="flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-sm hover:bg-gray-100"
        onClick={() => setOpen(true)}
      >
        <CalendarSync aria-hidden="true" className="size-4" />
        {t("views.calendar.feed")}
      </button>
      <Modal
        open={open}
        onOpenChange={(o) => (setOpen(o), o ? null : setUrl(null))}
        title={t("views.calendar.feedTitle")}
        description={t("views.calendar.feedIntro")}
      >
        <div className="flex flex-col gap-3 text-sm" data-testid="calendar-feed">
          {url ? (
            <>
              <label className="flex flex-col gap-1 font-medium text-gray-700">
                {t("views.calendar.feedUrl")}
                <span className="flex gap-1">
                  <input
                    readOnly
                    value={url}
                    dir="ltr"
                    className="min-w-0 flex-1 rounded-md border border-gray-300 px-2 py-1 font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button
                    type="button"
                    className="rounded-md border border-gray-300 p-1.5 hover:bg-gray-100"
                    aria-label={t("views.calendar.feedCopy")}
                    title={t("views.calendar.feedCopy")}
                    onClick={() => void copy()}
                  >
                    <Copy aria-hidden="true" className="size-4" />
                  </button>
                </span>
              </label>
              <p className="text-amber-700">{t("views.calendar.feedOnce")}</p>
            </>
          ) : (
            <p className="text-gray-700">
              {since
                ? t("views.calendar.feedSince", {
                    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
                      new Date(since),
                    ),
                  })
                : t("views.calendar.feedOff")}
            </p>
          )}
          {since ? <p className="text-xs text-gray-500">{t("views.calendar.feedRenewNote")}</p> : null}
          <div className="flex flex-wrap justify-end gap-2">
            {since ? (
              <Button variant="secondary" disabled={busy} onClick={() => setConfirm(true)}>
                {t("views.calendar.feedRevoke")}
              </Button>
            ) : null}
            <Button loading={busy} onClick={() => void make()}>
              {since ? t("views.calendar.feedRenew") : t("views.calendar.feedMake")}
            </Button>
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t("views.calendar.feedRevoke")}
        body={t("views.calendar.feedRevokeBody")}
        confirmLabel={t("views.calendar.feedRevoke")}
        pending={busy}
        onConfirm={() => void revoke()}
      />
    </>
  );
}
