import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bot, Copy, KeyRound, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { apiTokensApi, type ApiTokenItem } from "../../../api/api-tokens-api";
import { queryKeys } from "../../../api/query-keys";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import { IconButton } from "../../../components/ui/icon-button";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { errorText } from "../../../lib/api-errors";
import { copyText } from "../../../lib/clipboard";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";

/**
 * The caller's API tokens (they act as their owner, sent as xc-token): make one (its secret shows
 * once, with copy), list them by their first characters, delete one after confirming.
 */
export function ApiTokensPanel() {
  const { t } = useTranslation();
  const { projectId } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [description, setDescription] = useState("");
  const [made, setMade] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ApiTokenItem | null>(null);
  const list = useQuery({ queryKey: queryKeys.apiTokens(projectId), queryFn: () => apiTokensApi.list(projectId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens(projectId) });
  const create = useMutation({
    mutationFn: () => apiTokensApi.create(projectId, description.trim()),
    onSuccess: (token) => {
      setMade(token.token);
      setDescription("");
      notify.success(t("project.tokens.created"));
      void refresh();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: (token: ApiTokenItem) => apiTokensApi.remove(projectId, token.id),
    onSuccess: () => {
      setDeleting(null);
      notify.success(t("project.tokens.deleted"));
      void refresh();
    },
    onError: notifyError,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const tokens = list.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-600">{t("project.tokens.intro")}</p>
      <Link
        to="/account/ai-assistant"
        className="flex items-center gap-1.5 self-start text-sm text-primary hover:underline"
      >
        <Bot aria-hidden="true" className="size-4 shrink-0" />
        {t("aiAssistant.card.title")}
      </Link>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          label={t("project.tokens.description")}
          value={description}
          onValueChange={setDescription}
          maxLength={255}
          className="min-w-48 flex-1"
        />
        <Button type="submit" loading={create.isPending}>
          <KeyRound aria-hidden="true" className="size-4" />
          {t("project.tokens.create")}
        </Button>
      </form>
      {made ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>{t("project.tokens.copyNow")}</p>
          <div className="flex items-center gap-2">
            <code
              data-testid="new-api-token"
              className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs text-gray-900"
            >
              {made}
            </code>
            <IconButton
              label={t("project.tokens.copy")}
              icon={Copy}
              onClick={() => void copyText(made).then(() => notify.success(t("project.tokens.copied")))}
            />
          </div>
        </div>
      ) : null}
      {list.isPending ? <FullPageSpinner /> : null}
      {list.isError ? <FormAlert tone="error" message={errorText(list.error, t("msg.error.internal"))} /> : null}
      {list.isSuccess && tokens.length === 0 ? (
        <p className="text-sm text-gray-500">{t("project.tokens.empty")}</p>
      ) : null}
      {tokens.length > 0 ? (
        <ul aria-label={t("project.tokens.listLabel")} className="divide-y divide-gray-100">
          {tokens.map((token) => (
            <li key={token.id} className="flex items-center gap-3 py-2 text-sm">
              <code className="font-mono text-xs text-gray-700">{token.token}</code>
              <span className="min-w-0 flex-1 truncate text-gray-900">
                {token.description || t("project.tokens.noDescription")}
              </span>
              <span className="text-xs text-gray-500">{new Date(token.created_at).toLocaleDateString()}</span>
              <IconButton
                label={t("project.tokens.delete", { name: token.description || token.token })}
                icon={Trash2}
                tone="danger"
                onClick={() => setDeleting(token)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("project.tokens.deleteTitle")}
        body={t("project.tokens.deleteBody", { name: deleting?.description || deleting?.token || "" })}
        confirmLabel={t("project.tokens.deleteConfirm")}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
