/**
 * Linking and unlinking a row's records (SPEC 7 nested add / remove). Rules:
 * - A record already linked (the server's 400 "This record is already linked") is an info
 *   message, msg.info.valueAlreadyInList (SPEC 8), not an error.
 * - After any answer the row's values refresh (`onChanged`: the grid's pages, with the
 *   lookups, rollups and formulas that read through the link), as do open records and lists.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { linksApi, type LinkTarget, type RowKey } from "../api/links-api";
import type { Column } from "../api/types";
import { notify } from "../lib/toast";
import { useNotifyError } from "../lib/use-notify-error";
import { isAlreadyLinked, linkTypeOf, type LinkedRecord } from "./link-values";

export const linkKeys = {
  all: ["links"] as const,
  excluded: (tableId: string, columnId: string, rowKey: RowKey, where: string, page: number) =>
    ["links", "excluded", tableId, columnId, String(rowKey), where, page] as const,
  list: (tableId: string, columnId: string, rowKey: RowKey, page: number) =>
    ["links", "list", tableId, columnId, String(rowKey), page] as const,
};

export function linkTarget(projectId: string, tableId: string, column: Column, rowKey: RowKey): LinkTarget {
  return { projectId, tableId, rowId: rowKey, type: linkTypeOf(column) ?? "hm", columnId: column.id };
}

export function useLinkActions(projectId: string, tableId: string, onChanged: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();

  const refresh = useCallback(() => {
    onChanged();
    void queryClient.invalidateQueries({ queryKey: ["row"] });
    void queryClient.invalidateQueries({ queryKey: linkKeys.all });
  }, [onChanged, queryClient]);

  const link = useCallback(
    async (column: Column, rowKey: RowKey, record: LinkedRecord): Promise<boolean> => {
      if (record.key === null) return false;
      try {
        await linksApi.add(linkTarget(projectId, tableId, column, rowKey), record.key);
        notify.success(t("links.picker.linked", { label: record.label || String(record.key) }), "link-change");
        return true;
      } catch (err) {
        if (isAlreadyLinked(err)) notify.info(t("msg.info.valueAlreadyInList"), "link-change");
        else notifyError(err);
        return false;
      } finally {
        refresh();
      }
    },
    [projectId, tableId, t, notifyError, refresh],
  );

  const unlink = useCallback(
    async (column: Column, rowKey: RowKey, record: LinkedRecord): Promise<boolean> => {
      if (record.key === null) return false;
      try {
        await linksApi.remove(linkTarget(projectId, tableId, column, rowKey), record.key);
        notify.success(t("links.cell.unlinked", { label: record.label || String(record.key) }), "link-change");
        return true;
      } catch (err) {
        notifyError(err);
        return false;
      } finally {
        refresh();
      }
    },
    [projectId, tableId, t, notifyError, refresh],
  );

  return { link, unlink };
}
