/** A JSON document as an import source: one table (SPEC 5 JSON rules in db/import/json.ts). */
import { parseJsonSource } from "../../../db/import/json";
import { MAX_ROWS_TO_PARSE } from "../config";
import type { ImportSource, SourceRow } from "../protocol";

const SLICE_ROWS = 5000;

export function jsonSource(text: string, flatten: boolean, ref: string): ImportSource {
  const table = parseJsonSource(text, flatten);
  let read = 0;
  return {
    async preview() {
      return {
        tables: [
          { ref, headers: table.keys, sample: table.rows.slice(0, MAX_ROWS_TO_PARSE), totalRows: table.rows.length },
        ],
        notices: [],
      };
    },
    async *rows() {
      for (let i = 0; i < table.rows.length; i += SLICE_ROWS) {
        const slice: SourceRow[] = table.rows.slice(i, i + SLICE_ROWS).map((cells, k) => ({ row: i + k + 1, cells }));
        read = i + slice.length;
        yield slice;
      }
    },
    progress: () => ({ read, total: table.rows.length }),
  };
}
