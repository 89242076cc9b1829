import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, LockKeyhole, Share2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shareApi, sharedLink, type ShareOptions, type SharedView } from "../api/share-api";
import { viewsApi } from "../api/views-api";
import { queryKeys } from "../api/query-keys";
import { Button } from "../components/ui/button";
import { Modal } from "../components/ui/modal";
import { Switch } from "../components/ui/switch";
import { copyText } from "../lib/clipboard";
import { notify } from "../lib/toast";
import { useProject } from "../pages/project/project-context";
import { ShareControls } from "./share-controls";

const shareKey = (tableId: string) => ["shared-views", tableId] as const;

/**
 * The builder's share dialog (SPEC 4): the public link on or off, copy it, a password, and the
 * visitor's options (CSV and Excel download, survey, right to left, theme colour), the link's
 * expiry, embedding, and for forms who may submit and the spam check (share-controls.tsx); below, the table's shared
 * views. Turning the link off makes it 404 at once (the server forgets the uuid).
 */
export function ShareViewButton({ tableId, viewTitle }: { tableId: string; viewTitle?: string | null }) {
  const { t } = useTranslation();
  const { can } = useProject();
  const [open, setOpen] = useState(false);
  const views = useQuery({
    queryKey: queryKeys.views(tableId),
    queryFn: () => viewsApi.list(tableId),
    enabled: can("shareView"),
  });
  const view = views.data?.find((v) => v.title === viewTitle || v.id === viewTitle) ?? views.data?.[0];
  if (!can("shareView") || !view) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Share2 aria-hidden="true" className="size-4" />
        {t("sharedView.share.open")}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={t("sharedView.share.title", { view: view.title })}
        width="max-w-lg"
      >
        {open ? <ShareBody tableId={tableId} viewId={view.id} /> : null}
      </Modal>
    </>
  );
}

function ShareBody({ tableId, viewId }: { tableId: string; viewId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const shared = useQuery({ queryKey: shareKey(tableId), queryFn: () => shareApi.list(tableId) });
  const current = shared.data?.find((v) => v.id === viewId) ?? null;
  const [password, setPassword] = useState("");
  const refresh = (v?: SharedView) => {
    if (v)
      qc.setQueryData<SharedView[]>(shareKey(tableId), (list = []) =>
        v.uuid ? [...list.filter((x) => x.id !== v.id), v] : list.filter((x) => x.id !== v.id),
      );
    void qc.invalidateQueries({ queryKey: shareKey(tableId) });
  };
  const toggle = useMutation({
    mutationFn: async (on: boolean) => (on ? shareApi.share(viewId) : shareApi.unshare(viewId).then(() => undefined)),
    onSuccess: (v, on) => {
      if (!on) qc.setQueryData<SharedView[]>(shareKey(tableId), (list = []) => list.filter((x) => x.id !== viewId));
      refresh(v ?? undefined);
      notify.success(t(on ? "sharedView.share.enabled" : "sharedView.share.disabled"));
    },
    onError: (e: Error) => notify.error(e.message),
  });
  const update = useMutation({
    mutationFn: (body: { password?: string | null; meta?: ShareOptions }) => shareApi.update(viewId, body),
    onSuccess: (v, body) => {
      refresh(v);
      if (body.meta) notify.success(t("sharedView.share.saved"));
      if (body.password !== undefined) {
        setPassword("");
        notify.success(t(body.password ? "sharedView.share.passwordSaved" : "sharedView.share.passwordRemoved"));
      }
    },
    onError: (e: Error) => notify.error(e.message),
  });
  const options = (current?.meta ?? {}) as ShareOptions;
  const link = current?.uuid ? sharedLink(current) : "";
  const setOption = (patch: ShareOptions) => update.mutate({ meta: patch });
  return (
    <div className="flex flex-col gap-4">
      <Switch
        label={t("sharedView.share.enable")}
        checked={Boolean(current?.uuid)}
        disabled={toggle.isPending || shared.isPending}
        onChange={(on) => toggle.mutate(on)}
      />
      {current?.uuid ? (
        <>
          <div className="flex items-center gap-2">
            <input
              readOnly
              aria-label={t("sharedView.share.link")}
              value={link}
              className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              onClick={() => void copyText(link).then((ok) => ok && notify.success(t("sharedView.share.copied")))}
            >
              <Copy aria-hidden="true" className="size-4" />
              {t("sharedView.share.copy")}
            </Button>
          </div>
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (password) update.mutate({ password });
            }}
          >
            <span className="text-sm font-medium">{t("sharedView.share.password")}</span>
            {/* Whether one is set (the password itself never comes back), and removing it without typing an empty one. */}
            {current.password_protected ? (
              <div className="flex items-center justify-between gap-2 text-sm" data-testid="share-password-set">
                <span className="inline-flex items-center gap-1.5 text-gray-700">
                  <LockKeyhole aria-hidden="true" className="size-4 text-gray-500" />
                  {t("sharedView.share.passwordSet")}
                </span>
                <Button
                  variant="secondary"
                  disabled={update.isPending}
                  onClick={() => update.mutate({ password: null })}
                >
                  {t("sharedView.share.passwordRemove")}
                </Button>
              </div>
            ) : null}
            <div className="flex gap-2">
              <input
                type="password"
                autoComplete="new-password"
                aria-label={t("sharedView.share.passwordPlaceholder")}
                placeholder={t("sharedView.share.passwordPlaceholder")}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className="min-w-0 flex-1 rounded border border-gray-300 px-2 py-1 text-sm"
              />
              <Button type="submit" variant="secondary" disabled={update.isPending}>
                {t("sharedView.share.passwordSave")}
              </Button>
            </div>
          </form>
          <Switch
            label={t("sharedView.share.allowCsv")}
            checked={Boolean(options.allowCSVDownload)}
            onChange={(v) => setOption({ allowCSVDownload: v })}
          />
          {current.type === 1 ? (
            <Switch
              label={t("sharedView.share.survey")}
              checked={Boolean(options.surveyMode)}
              onChange={(v) => setOption({ surveyMode: v })}
            />
          ) : null}
          <Switch
            label={t("sharedView.share.rtl")}
            checked={Boolean(options.rtl)}
            onChange={(v) => setOption({ rtl: v })}
          />
          <ShareControls options={options} isForm={current.type === 1} onChange={setOption} />
          <label className="flex items-center justify-between gap-2 text-sm">
            {t("sharedView.share.theme")}
            <input
              type="color"
              value={options.theme?.primaryColor ?? "#2563eb"}
              onChange={(e) =>
                setOption({ withTheme: true, theme: { ...options.theme, primaryColor: e.target.value } })
              }
            />
          </label>
        </>
      ) : null}
      <section className="border-t border-gray-200 pt-3">
        <h3 className="mb-2 text-sm font-medium">{t("sharedView.share.sharedList")}</h3>
        {shared.data?.length ? (
          <ul className="flex flex-col gap-1 text-sm" data-testid="shared-views-list">
            {shared.data.map((v) => (
              <li key={v.id} className="flex justify-between gap-2">
                <span>{v.title}</span>
                <a className="truncate text-primary underline" href={sharedLink(v)} target="_blank" rel="noreferrer">
                  {sharedLink(v)}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-500">{t("sharedView.share.noneShared")}</p>
        )}
      </section>
    </div>
  );
}
