import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import type { Column, ColumnPayload, TableMeta } from "../../../api/types";
import { notify } from "../../../lib/toast";
import { useNotifyError } from "../../../lib/use-notify-error";
import { isLink } from "../../../../db/fields/registry";

/** Column add, update, delete and display value; column calls answer the whole table, which is cached as is. */
export function useFieldActions(tableId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const key = queryKeys.table(tableId);
  const store = (table: TableMeta) => queryClient.setQueryData(key, table);
  // A link has a reverse column on the other table: that table's meta changes too.
  const otherTables = (uidt: string) => {
    if (isLink(uidt))
      void queryClient.invalidateQueries({ queryKey: ["table"], predicate: (q) => q.queryKey[1] !== tableId });
  };

  const add = useMutation({
    mutationFn: (payload: ColumnPayload) => tablesApi.addColumn(tableId, payload),
    onSuccess: (table, payload) => {
      store(table);
      otherTables(payload.uidt);
      notify.success(t("fields.editor.added", { title: payload.title }));
    },
  });
  const update = useMutation({
    mutationFn: ({ columnId, payload }: { columnId: string; payload: ColumnPayload }) =>
      tablesApi.updateColumn(columnId, payload),
    onSuccess: (table, { payload }) => {
      store(table);
      notify.success(t("fields.editor.saved", { title: payload.title }));
    },
  });
  const remove = useMutation({
    mutationFn: (column: Column) => tablesApi.deleteColumn(column.id),
    onSuccess: (table, column) => {
      store(table);
      otherTables(column.uidt);
      notify.success(t("fields.panel.deleted", { title: column.title }));
    },
    onError: notifyError,
  });
  const setDisplay = useMutation({
    mutationFn: (column: Column) => tablesApi.setDisplayValue(column.id),
    onSuccess: async (_answer, column) => {
      notify.success(t("fields.panel.displaySet", { title: column.title }));
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: notifyError,
  });
  return { add, update, remove, setDisplay };
}
