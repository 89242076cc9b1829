import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bot, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { apiTokensApi, type ApiTokenItem, type TokenInput } from "../../../api/api-tokens-api";
import { projectsApi } from "../../../api/projects-api";
import { queryKeys } from "../../../api/query-keys";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import { IconButton } from "../../../components/ui/icon-button";
import { FullPageSpinner } from "../../../components/ui/spinner";
import { errorText } from "../../../lib/api-errors";
import { copyText } from "../../../lib/clipboard";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";
import { ApiTokenForm } from "./api-token-form";
import { ApiTokenRow } from "./api-token-row";

/**
 * The caller's API tokens (they act as their owner, sent as xc-token, within their scope, projects
 * and expiry): make one (its secret shows once, with copy), list them by their first characters
 * with their limits, delete one after confirming.
 */
export function ApiTokensPanel() {
  const { t } = useTranslation();
  const { projectId } = useProject();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [made, setMade] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ApiTokenItem | null>(null);
  const list = useQuery({ queryKey: queryKeys.apiTokens(projectId), queryFn: () => apiTokensApi.list(projectId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens(projectId) });
  const projects = useQuery({ queryKey: queryKeys.projects(""), queryFn: () => projectsApi.list("") });
  const titles = new Map((projects.data?.list ?? []).map((p) => [p.id, p.title]));
  const create = useMutation({
    mutationFn: ({ input }: { input: TokenInput; reset: () => void }) => apiTokensApi.create(projectId, input),
    onSuccess: (token, { reset }) => {
      setMade(token.token);
      reset();
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
      <ApiTokenForm pending={create.isPending} onCreate={(input, reset) => create.mutate({ input, reset })} />
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
            <ApiTokenRow key={token.id} token={token} titles={titles} onDelete={() => setDeleting(token)} />
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
