import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ListChecks, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { hooksApi, parseNotification, type Hook } from "../../../api/hooks-api";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import type { TableSummary } from "../../../api/types";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { IconButton } from "../../../components/ui/icon-button";
import { Modal } from "../../../components/ui/modal";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { fromSaved } from "../../../views/grid/logic/filters";
import { HookForm, toHookInput, type HookDraft } from "./hook-form";
import { HookLogs } from "./hook-logs";

const hooksKey = (tableId: string) => ["hooks", tableId] as const;

const blank = (title: string): HookDraft => ({
  title,
  operation: "insert",
  type: "URL",
  method: "POST",
  url: "",
  headers: [],
  channels: "",
  active: true,
  retries: 3,
  retryInterval: 60_000,
  timeout: 10_000,
  conditions: [],
});

async function draftOf(h: Hook): Promise<HookDraft> {
  const n = parseNotification(h.notification);
  const filters = h.condition ? (await hooksApi.filters(h.id)).list : [];
  return {
    title: h.title,
    operation: h.operation,
    type: n.type,
    method: n.payload.method ?? "POST",
    url: n.payload.path ?? "",
    headers: (n.payload.headers ?? []).map((x) => ({ name: x.name ?? "", value: x.value ?? "" })),
    channels: (n.payload.channels ?? []).map((c) => (typeof c === "string" ? undefined : c.channel)).join(", "),
    active: h.active,
    retries: h.retries,
    retryInterval: h.retry_interval,
    timeout: h.timeout,
    conditions: fromSaved(filters),
  };
}

type Screen = { kind: "list" } | { kind: "edit"; hook: Hook | null; draft: HookDraft } | { kind: "logs"; hook: Hook };

/** The table menu's webhooks: list, create and edit (with conditions), test, delivery logs, delete. */
export function WebhooksDialog({
  table,
  open,
  onOpenChange,
}: {
  table: TableSummary;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [screen, setScreen] = useState<Screen>({ kind: "list" });
  const [deleting, setDeleting] = useState<Hook | null>(null);
  const hooks = useQuery({ queryKey: hooksKey(table.id), queryFn: () => hooksApi.list(table.id), enabled: open });
  const meta = useQuery({
    queryKey: queryKeys.table(table.id),
    queryFn: () => tablesApi.read(table.id),
    enabled: open,
  });
  const columns = (meta.data?.columns ?? []).filter((c) => !c.system);
  const refresh = () => queryClient.invalidateQueries({ queryKey: hooksKey(table.id) });

  const save = useMutation({
    mutationFn: ({ hook, draft }: { hook: Hook | null; draft: HookDraft }) =>
      hook
        ? hooksApi.update(hook.id, toHookInput(draft, columns))
        : hooksApi.create(table.id, toHookInput(draft, columns)),
    onSuccess: (saved) => {
      notify.success(t("hooks.saved", { title: saved.title }));
      setScreen({ kind: "list" });
      void refresh();
    },
    onError: notifyError,
  });
  const test = useMutation({
    mutationFn: ({ hook, draft }: { hook: Hook | null; draft: HookDraft }) =>
      hooksApi.test(table.id, { ...toHookInput(draft, columns), ...(hook ? { id: hook.id } : {}) }),
    onSuccess: () => notify.success(t("hooks.tested")),
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (hook: Hook) => hooksApi.remove(hook.id),
    onSuccess: () => {
      notify.success(t("hooks.deleted"));
      setDeleting(null);
      void refresh();
    },
    onError: notifyError,
  });
  const edit = async (hook: Hook) => {
    try {
      setScreen({ kind: "edit", hook, draft: await draftOf(hook) });
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (onOpenChange(o), o || setScreen({ kind: "list" }))}
      title={t("hooks.heading", { title: table.title })}
      width="max-w-3xl"
    >
      {screen.kind === "edit" ? (
        <HookForm
          initial={screen.draft}
          columns={columns}
          saving={save.isPending}
          testing={test.isPending}
          onSave={(draft) => save.mutate({ hook: screen.hook, draft })}
          onTest={(draft) => test.mutate({ hook: screen.hook, draft })}
          onCancel={() => setScreen({ kind: "list" })}
        />
      ) : screen.kind === "logs" ? (
        <HookLogs hook={screen.hook} onBack={() => setScreen({ kind: "list" })} />
      ) : (
        <div className="flex flex-col gap-3">
          {hooks.isPending ? <p className="text-sm text-gray-500">{t("app.loading")}</p> : null}
          {hooks.data?.list.length === 0 ? <p className="text-sm text-gray-500">{t("hooks.empty")}</p> : null}
          <ul className="divide-y divide-gray-100" data-testid="hook-list">
            {hooks.data?.list.map((h) => (
              <li key={h.id} className="flex items-center gap-3 py-2">
                <span
                  className={`size-2 shrink-0 rounded-full ${h.active ? "bg-green-500" : "bg-gray-300"}`}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-gray-900">{h.title}</span>
                  <span className="block text-xs text-gray-500">
                    {t(h.active ? "hooks.summary" : "hooks.summaryInactive", {
                      operation: t(`hooks.operation.${h.operation}`),
                      type: parseNotification(h.notification).type,
                    })}
                  </span>
                </span>
                <IconButton
                  label={t("hooks.logs", { title: h.title })}
                  icon={ListChecks}
                  onClick={() => setScreen({ kind: "logs", hook: h })}
                />
                <IconButton label={t("hooks.edit", { title: h.title })} icon={Pencil} onClick={() => void edit(h)} />
                <IconButton
                  label={t("hooks.delete", { title: h.title })}
                  icon={Trash2}
                  tone="danger"
                  onClick={() => setDeleting(h)}
                />
              </li>
            ))}
          </ul>
          <Button
            className="self-start"
            onClick={() => setScreen({ kind: "edit", hook: null, draft: blank(t("hooks.defaultTitle")) })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("hooks.create")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => o || setDeleting(null)}
        title={t("hooks.deleteTitle")}
        body={t("hooks.deleteBody", { title: deleting?.title ?? "" })}
        confirmLabel={t("hooks.deleteConfirm")}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Modal>
  );
}
