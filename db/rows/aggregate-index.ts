import type { QueryColumn, QueryTable } from "../query";
import { findColumn, type AggregateSpec } from "../query/compile-aggregate";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import { indexUse, readAsked } from "./auto-index";
import type { TableRef } from "./table-ref";

/**
 * Covering indexes made on demand for dashboard aggregates (issue 38: a sum by a select ≤ 100 ms
 * at 1M rows). An unfiltered aggregate reads only its group keys and values; an index holding
 * exactly those columns, group keys first, lets SQLite walk it in group order instead of reading
 * every table page and sorting (measured with the sqlite3 shell at 1M rows: a sum of a number by a
 * select 197 ms of CPU over the table, 41 ms over `(select, number)`). Rules:
 * - made for an aggregate with no filter and no row rule (a filter's columns would be missing and
 *   SQLite would look each row up again), on a table of at least MIN_ROWS rows;
 * - its columns: x (when it is a stored column; a date bucket too, whose expression is then
 *   computed from index entries), series, then each value's column, once each; every one a stored
 *   column whose type the registry lets be indexed (`index` not "none"). Any other column (a
 *   computed field, long text...) makes none: the statement reads the table as before;
 * - at most MAX_PER_TABLE per table: a new shape past that reads the table;
 * - they are automatic indexes (prefix `_nc_ix_`, as auto-index.ts's): dropped before their
 *   columns are (dropAutoIndex), dropped by the growth rule (noteInserts), and asking for one
 *   restarts that rule's count as a sorted read does. An index never changes an answer.
 */
export const MIN_ROWS = 5_000;
export const MAX_PER_TABLE = 4;
const MARK = "__agg__";

/** The stored columns an aggregate reads, in index order, or null when one of them cannot be indexed. */
export function aggregateIndexColumns(t: TableRef, table: QueryTable, spec: AggregateSpec): string[] | null {
  const refs = [spec.x?.column, spec.series?.column, ...spec.y.map((y) => y.column)].filter((r): r is string => !!r);
  const names: string[] = [];
  for (const ref of refs) {
    let q: QueryColumn;
    try {
      q = findColumn(table, ref);
    } catch {
      return null; // the compiler says which field is missing
    }
    const col = t.cols.find((c) => c.columnName === q.columnName);
    if (!col || col.pk || q.expr || indexUse(col.uidt) === "none") return null;
    if (!names.includes(col.columnName)) names.push(col.columnName);
  }
  return names.length ? names : null;
}

/** Makes the covering index for an unfiltered aggregate when the rules allow; its name or null. */
export function ensureAggregateIndex(
  store: ProjectStore,
  t: TableRef,
  table: QueryTable,
  spec: AggregateSpec,
  filtered: boolean,
): string | null {
  if (filtered || t.access?.rule || table.rowRule) return null;
  const cols = aggregateIndexColumns(t, table, spec);
  if (!cols) return null;
  const tableName = t.model.tableName;
  const name = `_nc_ix_${tableName}${MARK}${cols.join("__")}`;
  readAsked(store, tableName);
  if (store.schemaCache.has(`ix:${name}`)) return name;
  const found = store
    .exec(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, ?) = ?",
      tableName,
      `_nc_ix_${tableName}${MARK}`.length,
      `_nc_ix_${tableName}${MARK}`,
    )
    .map((r) => String(r.name));
  if (!found.includes(name)) {
    if (found.length >= MAX_PER_TABLE) return null;
    const rows = Number(
      store.exec(`SELECT count(*) AS n FROM (SELECT 1 FROM ${quoteIdent(tableName)} LIMIT ?)`, MIN_ROWS)[0]?.n ?? 0,
    );
    if (rows < MIN_ROWS) return null;
    store.exec(
      `CREATE INDEX IF NOT EXISTS ${quoteIdent(name)} ON ${quoteIdent(tableName)} (${cols.map(quoteIdent).join(", ")})`,
    );
  }
  store.schemaCache.set(`ix:${name}`, true);
  return name;
}
