import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { queryKeys } from "../../../api/query-keys";
import type { TableSummary } from "../../../api/types";
import { viewKindsApi, type CreateViewBody, type LockType, type ViewKind } from "../../../api/view-kinds-api";
import type { View } from "../../../api/view-types";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";
import { tabPath } from "../tabs/tabs";

/** Create, rename, duplicate, delete and reorder the views of a table, keeping its view list cached. */
export function useViewActions(table: TableSummary) {
  const { t } = useTranslation();
  const { basePath } = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const key = queryKeys.views(table.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const openView = (title: string) =>
    navigate(tabPath(basePath, { id: table.id, type: "table", title: table.title, viewTitle: title }));

  const create = useMutation({
    mutationFn: ({ kind, body }: { kind: ViewKind; body: CreateViewBody }) => viewKindsApi.create(kind, table.id, body),
    onSuccess: async (view) => {
      notify.success(t("views.created", { title: view.title }));
      await refresh();
      await openView(view.title);
    },
  });
  const rename = useMutation({
    mutationFn: ({ view, title }: { view: View; title: string }) => viewKindsApi.update(view.id, { title }),
    onSuccess: async (_v, { title }) => {
      await refresh();
      await openView(title);
    },
  });
  const remove = useMutation({
    mutationFn: (view: View) => viewKindsApi.remove(view.id),
    onSuccess: async (_v, view) => {
      notify.success(t("views.deleted", { title: view.title }));
      await refresh();
      await navigate(tabPath(basePath, { id: table.id, type: "table", title: table.title }));
    },
    onError: notifyError,
  });
  const reorder = useMutation({
    mutationFn: ({ view, order }: { view: View; order: number }) => viewKindsApi.update(view.id, { order }),
    onMutate: ({ view, order }) => {
      queryClient.setQueryData<View[]>(key, (old) =>
        (old ?? [])
          .map((v) => (v.id === view.id ? { ...v, order } : v))
          .sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
      );
    },
    onError: (err) => (notifyError(err), void refresh()),
  });
  const lock = useMutation({
    mutationFn: ({ view, lock_type }: { view: View; lock_type: LockType }) =>
      viewKindsApi.update(view.id, { lock_type }),
    onSuccess: () => refresh(),
    onError: notifyError,
  });
  return { create, rename, remove, reorder, lock };
}
