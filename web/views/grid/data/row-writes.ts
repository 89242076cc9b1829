/** Bulk row requests for the grid's writes and its history (logic/history.ts). */
import { rowsApi, type RowTarget } from "../../../api/rows-api";
import type { Row } from "../../../api/view-types";
import type { BulkApi, RowKey } from "../logic/history";

/** The bulk insert answers `[{<key column_name>: id}]`: the one value of each object. */
export function keysOfAnswer(answer: ReadonlyArray<Record<string, unknown>>): RowKey[] {
  return answer.map((o) => Object.values(o)[0] as RowKey);
}

export function bulkApi(target: RowTarget, keyTitle: string): BulkApi {
  return {
    update: (rows) => rowsApi.bulkUpdate(target, rows),
    insert: async (rows) => keysOfAnswer(await rowsApi.bulkInsert(target, rows)),
    remove: (keys) => rowsApi.bulkDelete(target, keys.map((k): Row => ({ [keyTitle]: k }))),
  };
}

/** Operations on more rows than this are refused (the server takes 10000 rows per request). */
export const MAX_BLOCK_ROWS = 10_000;
