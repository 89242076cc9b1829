import type { ListParams } from "../query";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import type { TableRef } from "./table-ref";

/**
 * Indexes made on demand for the column a list sorts by (DESIGN.md: work that grows with rows
 * runs in SQL, next to the data). Rules:
 * - the first sort column gets an index on (column, key) in the sort's direction, once, so
 *   `ORDER BY column, key LIMIT n` reads n index entries instead of sorting the table;
 * - filter columns get none: without statistics SQLite would prefer such an index and then sort
 *   every match, which is slower than walking the sort index and skipping non-matches;
 * - long text, JSON, attachments and geometry are never indexed;
 * - a column's indexes are dropped before the column is dropped or rebuilt (dropAutoIndex).
 */
const SKIP = new Set(["LongText", "JSON", "Attachment", "Geometry"]);

const indexName = (tableName: string, columnName: string, dir: "asc" | "desc") => `_nc_ix_${tableName}__${columnName}__${dir}`;

export function ensureIndexes(store: ProjectStore, t: TableRef, params: Pick<ListParams, "sort">) {
  const first = params.sort?.[0]?.trim();
  if (!first) return;
  const desc = first.startsWith("-");
  const col = t.cols.find((c) => c.title === first.replace(/^-/, "").trim());
  const pk = t.cols.find((c) => c.pk);
  if (!col || !pk || col.pk || SKIP.has(col.uidt)) return;
  const name = indexName(t.model.tableName, col.columnName, desc ? "desc" : "asc");
  if (store.schemaCache.has(`ix:${name}`)) return;
  store.exec(
    `CREATE INDEX IF NOT EXISTS ${quoteIdent(name)} ON ${quoteIdent(t.model.tableName)} (${quoteIdent(col.columnName)}${desc ? " DESC" : ""}, ${quoteIdent(pk.columnName)})`,
  );
  store.schemaCache.set(`ix:${name}`, true);
}

export function dropAutoIndex(store: ProjectStore, tableName: string, columnName: string) {
  for (const dir of ["asc", "desc"] as const) store.exec(`DROP INDEX IF EXISTS ${quoteIdent(indexName(tableName, columnName, dir))}`);
}
