/** Bulk row requests for the grid's writes and its history (logic/history.ts). */
import { rowsApi, type RowTarget } from "../../../api/rows-api";
import type { Row } from "../../../api/view-types";
import type { BulkApi, RowKey } from "../logic/history";
import { idOfAnswer, keyBodyOf, splitKey } from "../../../lib/row-id";
import { restoreRecords } from "../../../api/trash-api";

/** The bulk insert answers `[{<key column_name>: id}]`: the one value of each object. */
export function keysOfAnswer(answer: ReadonlyArray<Record<string, unknown>>): RowKey[] {
  return answer.map((o) => idOfAnswer(o));
}

/**
 * One row goes through the single-row routes: the project room then tells other tabs which row
 * and cells changed (a realtime row event they apply in place), where a bulk write makes them
 * refetch the table.
 */
export function bulkApi(target: RowTarget, keyTitle: string): BulkApi {
  return {
    update: (rows) => {
      if (rows.length !== 1) return rowsApi.bulkUpdate(target, rows);
      const { id: key, patch } = splitKey(rows[0]!, keyTitle);
      return rowsApi.update(target, key as RowKey, patch);
    },
    insert: async (rows) => keysOfAnswer(await rowsApi.bulkInsert(target, rows)),
    remove: (keys) =>
      keys.length === 1
        ? rowsApi.remove(target, keys[0]!)
        : rowsApi.bulkDelete(
            target,
            keys.map((k): Row => keyBodyOf(k, keyTitle)),
          ),
    restore: (keys) => restoreRecords(target.projectId, target.tableId, keys),
  };
}

/** Operations on more rows than this are refused (the server takes 10000 rows per request). */
export const MAX_BLOCK_ROWS = 10_000;
