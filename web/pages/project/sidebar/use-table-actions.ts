import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import type { TableSummary } from "../../../api/types";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { useProject } from "../project-context";
import { tabPath } from "../tabs/tabs";
import { useTabs } from "../tabs/tabs-context";
import { moveTable, reorderPlan } from "./reorder";

/** Table create, rename, delete and move, keeping the table list cache and the tabs in step. */
export function useTableActions() {
  const { t } = useTranslation();
  const { projectId, basePath, tables } = useProject();
  const tabs = useTabs();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notifyError = useNotifyError();
  const key = queryKeys.tables(projectId);
  const patchList = (fn: (list: TableSummary[]) => TableSummary[]) =>
    queryClient.setQueryData<TableSummary[]>(key, (old) => fn(old ?? []));
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const create = useMutation({
    mutationFn: (title: string) => tablesApi.create(projectId, title),
    onSuccess: async (table) => {
      patchList((list) => [...list.filter((x) => x.id !== table.id), table]);
      queryClient.setQueryData(queryKeys.table(table.id), table);
      notify.success(t("project.tables.created", { title: table.title }));
      await navigate(tabPath(basePath, { id: table.id, type: "table", title: table.title }));
      void refresh();
    },
  });

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => tablesApi.rename(projectId, id, title),
    onSuccess: (_answer, { id, title }) => {
      patchList((list) => list.map((x) => (x.id === id ? { ...x, title } : x)));
      tabs.rename(id, title);
      notify.success(t("project.tables.renamed", { title }));
      void refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.table(id) });
    },
  });

  const remove = useMutation({
    mutationFn: (table: TableSummary) => tablesApi.remove(table.id),
    onSuccess: (_answer, table) => {
      tabs.close(table.id);
      patchList((list) => list.filter((x) => x.id !== table.id));
      queryClient.removeQueries({ queryKey: queryKeys.table(table.id) });
      notify.success(t("project.tables.deleted", { title: table.title }));
      void refresh();
    },
    onError: notifyError,
  });

  const move = useMutation({
    mutationFn: async ({ id, delta }: { id: string; delta: -1 | 1 }) => {
      const ordered = moveTable(tables, id, delta);
      const plan = reorderPlan(ordered);
      patchList(() => ordered.map((x, i) => ({ ...x, order: i + 1 })));
      for (const step of plan) await tablesApi.reorder(step.id, step.order);
    },
    onError: notifyError,
    onSettled: refresh,
  });

  return { create, rename, remove, move };
}
