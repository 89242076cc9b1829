import { compileList, type ListParams } from "../query";
import { anonymousReader } from "./row-users";
import type { ProjectStore, SqlRow } from "../store/store";
import { queryTable } from "./read";
import { tableRef } from "./table-ref";
import { viewOfTable } from "../views/lookup";
import { scopeParams, type RowScope } from "../views/scope";
import { BATCH_ROWS, PAGE, csvCell, csvCellOf, type CsvCell } from "./csv";
import type { ExportEnv } from "../fields/types";

/**
 * CSV export of a native table (rules in csv.ts). `scope`: the view and the JSON extras; the file
 * is named after the view. `origin`: the site's, for upload links. Answers with `columns` (each
 * exported column's type, for an XLSX writer) and `uploads` (the upload paths written, to sign).
 */
export function exportCsv(store: ProjectStore, tableKey: string, params: ListParams, scope?: RowScope, origin = "") {
  const env: ExportEnv = { origin, uploads: new Set() };
  const t = tableRef(store, tableKey);
  const table = queryTable(t);
  const scoped = scopeParams(store, t, table, params, scope);
  let cells: CsvCell[] = [];
  const lines: string[] = [];
  let offset = params.offset;
  let next = -1;
  // The project's SQLite answers synchronously, inside the object's single thread: no awaits here.
  for (let read = 0; read < BATCH_ROWS; read += PAGE) {
    const compiled = compileList({
      dialect: "sqlite",
      table,
      ...scoped,
      limit: PAGE,
      offset,
      me: scope?.caller?.userId ?? null,
    });
    if (!cells.length) {
      cells = compiled.select.map((s) => csvCellOf(t.cols, t.virtual, s.id, anonymousReader(scope), env));
      lines.push(cells.map((c) => csvCell(c.title)).join(","));
    }
    const rows: SqlRow[] = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
    for (const raw of rows) lines.push(cells.map((c) => csvCell(c.text(raw))).join(","));
    offset += rows.length;
    if (rows.length < PAGE) break;
    if (read + PAGE >= BATCH_ROWS) next = offset;
  }
  const title = scope?.view ? viewOfTable(store, t.model.id, scope.view).title : t.model.title;
  return {
    csv: `${lines.join("\r\n")}\r\n`,
    next,
    title,
    columns: cells.map((c) => c.column),
    uploads: [...env.uploads!],
  };
}
