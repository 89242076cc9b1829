import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { appsApi, CHAT_KINDS, type ChatKind, type ChatTarget } from "../../api/apps-api";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { IconButton } from "../../components/ui/icon-button";
import { SelectField } from "../../components/ui/select-field";
import { TextField } from "../../components/ui/text-field";
import { notify } from "../../lib/toast";
import { useNotifyError } from "../../lib/use-notify-error";
import { APPS_KEY } from "./email-settings";

/** Incoming-webhook targets a hook can notify (Slack, Discord, Teams, Mattermost); URLs shown masked. */
export function ChatTargetsCard({ targets }: { targets: ChatTarget[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [kind, setKind] = useState<ChatKind>("Slack");
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [deleting, setDeleting] = useState<ChatTarget | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: APPS_KEY });
  const add = useMutation({
    mutationFn: () => appsApi.addTarget({ kind, title: title.trim(), webhook_url: url.trim() }),
    onSuccess: (target) => {
      notify.success(t("apps.targets.added", { title: target.title }));
      setTitle("");
      setUrl("");
      void refresh();
    },
    onError: notifyError,
  });
  const test = useMutation({
    mutationFn: (id: string) => appsApi.testTarget(id),
    onSuccess: () => notify.success(t("apps.targets.testSent")),
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => appsApi.removeTarget(id),
    onSuccess: () => (setDeleting(null), notify.success(t("apps.targets.removed")), void refresh()),
    onError: notifyError,
  });
  return (
    <section aria-labelledby="apps-targets" className="rounded-lg border border-gray-200 bg-white p-5">
      <h2 id="apps-targets" className="font-medium text-gray-900">
        {t("apps.targets.heading")}
      </h2>
      <p className="mt-1 text-sm text-gray-500">{t("apps.targets.body")}</p>
      {targets.length ? (
        <ul className="mt-3 divide-y divide-gray-100" data-testid="chat-targets">
          {targets.map((target) => (
            <li key={target.id} className="flex items-center gap-3 py-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-gray-900">{target.title}</span>
                <span className="block truncate text-xs text-gray-500" dir="ltr">
                  {t("apps.targets.summary", { kind: target.kind, url: target.webhook_url })}
                </span>
              </span>
              <IconButton
                label={t("apps.targets.test", { title: target.title })}
                icon={Send}
                onClick={() => test.mutate(target.id)}
              />
              <IconButton
                label={t("apps.targets.remove", { title: target.title })}
                icon={Trash2}
                tone="danger"
                onClick={() => setDeleting(target)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="mt-4 grid gap-3 border-t border-gray-100 pt-4 sm:grid-cols-[10rem_1fr]"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <SelectField
          label={t("apps.targets.kind")}
          value={kind}
          choices={CHAT_KINDS.map((k) => ({ value: k, label: k }))}
          onValueChange={(v) => setKind(v as ChatKind)}
        />
        <TextField label={t("apps.targets.title")} required maxLength={100} value={title} onValueChange={setTitle} />
        <TextField
          className="sm:col-span-2"
          label={t("apps.targets.url")}
          type="url"
          dir="ltr"
          required
          value={url}
          placeholder="https://"
          onValueChange={setUrl}
        />
        <Button type="submit" className="justify-self-start" loading={add.isPending}>
          {t("apps.targets.add")}
        </Button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => o || setDeleting(null)}
        title={t("apps.targets.removeTitle")}
        body={t("apps.targets.removeBody", { title: deleting?.title ?? "" })}
        confirmLabel={t("apps.targets.removeConfirm")}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
