/** A workbook as an import source: every sheet is a table, its first row the header row. */
import type { CellObject, WorkBook } from "xlsx";
import { isBlank, type Cell } from "../../../db/import/cells";
import { MAX_ROWS_TO_PARSE } from "../config";
import type { ImportSource, PreviewTable, SourceRow } from "../protocol";
import { headerText, sheetCell, type Ssf } from "./sheet-cells";

const SLICE_ROWS = 5000;

interface SheetTable {
  ref: string;
  headers: string[];
  /** Data rows (non-blank), each with its 1-based number among the sheet's data rows. */
  rows: SourceRow[];
}

function readSheet(ref: string, data: Array<Array<CellObject | undefined> | undefined>, ssf: Ssf): SheetTable {
  const [head = [], ...body] = data;
  const width = Math.max(head.length, ...body.map((r) => r?.length ?? 0));
  const headers = Array.from({ length: width }, (_, i) => headerText(head[i], ssf));
  const rows: SourceRow[] = [];
  body.forEach((r, i) => {
    const cells: Cell[] = Array.from({ length: width }, (_, j) => sheetCell(r?.[j], ssf));
    if (cells.some((c) => !isBlank(c))) rows.push({ row: i + 1, cells });
  });
  return { ref, headers, rows };
}

/** The workbook and SheetJS's SSF come from the caller, so the worker loads SheetJS only for spreadsheets. */
export function sheetSource(workbook: WorkBook, ssf: Ssf): ImportSource {
  const tables = workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name];
    const data = (sheet?.["!data"] ?? []) as Array<Array<CellObject | undefined> | undefined>;
    return readSheet(name, data, ssf);
  });
  const read = tables.map(() => 0);

  return {
    async preview() {
      const previews: PreviewTable[] = tables.map((t) => ({
        ref: t.ref,
        headers: t.headers,
        sample: t.rows.slice(0, MAX_ROWS_TO_PARSE).map((r) => r.cells),
        totalRows: t.rows.length,
      }));
      return { tables: previews, notices: [] };
    },
    async *rows(table: number) {
      const t = tables[table];
      if (!t) return;
      for (let i = 0; i < t.rows.length; i += SLICE_ROWS) {
        const slice = t.rows.slice(i, i + SLICE_ROWS);
        read[table] = i + slice.length;
        yield slice;
      }
    },
    progress: (table) => ({ read: read[table] ?? 0, total: tables[table]?.rows.length ?? null }),
  };
}
