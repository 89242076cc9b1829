import type { QueryTable } from "../query";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import { indexUse, readAsked } from "./auto-index";
import {
  groupCountsMark,
  groupCountsName,
  groupTriggerName,
  isGroupCountsObject,
  rowCountName,
  standAs,
} from "./group-counts-names";
import type { TableRef } from "./table-ref";

/**
 * Maintained group counts (issue 36: group-by counts ≤ 20 ms at 1M rows). Counting a group reads
 * each of its rows' index entries (47–51 ms at 1M over the best index), so a group-by that must
 * not grow with the table reads counts kept as the rows change. Rules:
 * - per column, a small table `_nc_grp_<table>$<column>` of (is the value not null, the value or
 *   '' for null, how many rows hold it); three triggers on the user table keep it in the very
 *   statement that writes a row (API, bulk, import, trash and history restores), as the search
 *   index's do. A value whose rows all went keeps a row with 0, which reads skip;
 * - made on the first unfiltered group-by of a column on a table of at least MIN_ROWS rows (one
 *   GROUP BY over the table, in one transaction), for columns the registry's `index` allows
 *   equality lookups on (`eq`: selects, dates...) and that group by their stored value (not a
 *   person column, which groups in the directory's order); never for a filtered group-by, a row
 *   rule (whose groups differ per reader) or an external table: those run GROUP BY as before;
 * - current means: the table and its triggers are exactly what this code writes for the column now
 *   (checked once per schema generation); anything else builds them again. The schema code drops
 *   them with the search index (dropSearchIndex) before a column is dropped, retyped or the table
 *   moved; snapshots leave them out; the growth rule (noteInserts) drops them with the indexes;
 * - the plain count of a table that has any reads their sum (a few rows) instead of an index.
 * The answers are the scan's: the same values, grouped by the same equality (the counts' key is
 * the stored value with the column's BINARY collation, as GROUP BY on the column uses).
 */
export const MIN_ROWS = 5_000;

/** The statements that make the counts of `column` in `tableName`. */
export function groupCountsDefinition(tableName: string, columnName: string) {
  const g = quoteIdent(groupCountsName(tableName, columnName));
  const table = quoteIdent(tableName);
  const c = quoteIdent(columnName);
  const add = `INSERT INTO ${g} (k, v, n) VALUES (new.${c} IS NOT NULL, coalesce(new.${c}, ''), 1) ON CONFLICT (k, v) DO UPDATE SET n = n + 1;`;
  const remove = `UPDATE ${g} SET n = n - 1 WHERE k = (old.${c} IS NOT NULL) AND v = coalesce(old.${c}, '');`;
  const trigger = (what: "i" | "u" | "d") => quoteIdent(groupTriggerName(tableName, columnName, what));
  return {
    create: `CREATE TABLE ${g} (k INTEGER NOT NULL, v NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (k, v)) WITHOUT ROWID`,
    triggers: [
      `CREATE TRIGGER ${trigger("i")} AFTER INSERT ON ${table} BEGIN ${add} END`,
      `CREATE TRIGGER ${trigger("u")} AFTER UPDATE OF ${c} ON ${table} WHEN old.${c} IS NOT new.${c} BEGIN ${remove} ${add} END`,
      `CREATE TRIGGER ${trigger("d")} AFTER DELETE ON ${table} BEGIN ${remove} END`,
    ],
    fill: `INSERT INTO ${g} (k, v, n) SELECT ${c} IS NOT NULL, coalesce(${c}, ''), count(*) FROM ${table} GROUP BY ${c}`,
  };
}

/** Whether `column` of the query table may have counts (rules above); the stored column's name or null. */
function countable(t: TableRef, table: QueryTable, column: string): string | null {
  const q = table.columns.find((c) => c.columnName === column) ?? table.columns.find((c) => c.title === column);
  const col = q && t.cols.find((c) => c.columnName === q.columnName);
  if (!q || !col || col.pk || q.expr || q.sortExpr || q.selectExpr) return null;
  return indexUse(col.uidt) === "eq" ? col.columnName : null;
}

/** Whether the counts of the column stand exactly as groupCountsDefinition writes them. */
function isCurrent(store: ProjectStore, tableName: string, columnName: string) {
  const want = groupCountsDefinition(tableName, columnName);
  const names = [
    groupCountsName(tableName, columnName),
    ...(["i", "u", "d"] as const).map((w) => groupTriggerName(tableName, columnName, w)),
  ];
  return standAs(store, names, [want.create, ...want.triggers]);
}

/**
 * The counts table answering an unfiltered group-by of `column`, made now if the rules allow;
 * null when the group-by must run over the rows (filtered, row rule, ineligible column, small table).
 */
export function ensureGroupCounts(
  store: ProjectStore,
  t: TableRef,
  table: QueryTable,
  column: string,
  filtered: boolean,
): string | null {
  if (filtered || t.access?.rule || table.rowRule) return null;
  const columnName = countable(t, table, column);
  if (!columnName) return null;
  const tableName = t.model.tableName;
  const mark = groupCountsMark(tableName, columnName);
  const name = groupCountsName(tableName, columnName);
  readAsked(store, tableName);
  if (store.schemaCache.get(mark)) return name;
  if (isCurrent(store, tableName, columnName)) {
    store.schemaCache.set(mark, true);
    return name;
  }
  const rows = Number(
    store.exec(`SELECT count(*) AS n FROM (SELECT 1 FROM ${quoteIdent(tableName)} LIMIT ?)`, MIN_ROWS)[0]?.n ?? 0,
  );
  if (rows < MIN_ROWS) return null;
  const def = groupCountsDefinition(tableName, columnName);
  try {
    store.transaction(() => {
      // This column's old counts, and those of columns the table no longer has (renamed away).
      const prefix = `${groupCountsName(tableName, "")}`;
      const keep = new Set(t.cols.map((c) => groupCountsName(tableName, c.columnName)));
      keep.delete(name);
      keep.add(rowCountName(tableName));
      const found = store.exec(
        "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'table') AND substr(name, 1, ?) = ?",
        prefix.length,
        prefix,
      );
      const owner = (n: string) => (n.split("$").length > 2 ? n.slice(0, n.lastIndexOf("$")) : n);
      for (const r of found)
        if (r.type === "trigger" && !keep.has(owner(String(r.name))))
          store.exec(`DROP TRIGGER IF EXISTS ${quoteIdent(String(r.name))}`);
      for (const r of found)
        if (r.type === "table" && !keep.has(String(r.name)) && isGroupCountsObject(String(r.name)))
          store.exec(`DROP TABLE IF EXISTS ${quoteIdent(String(r.name))}`);
      store.exec(def.create);
      store.exec(def.fill);
      for (const trigger of def.triggers) store.exec(trigger);
    });
  } catch (err) {
    // The counts only speed a group-by up: ones that cannot be made (storage full) leave the scan.
    console.error(`group counts of ${tableName}.${columnName} not made:`, err);
    return null;
  }
  store.schemaCache.set(mark, true);
  return name;
}

/**
 * The unfiltered row count from any current group counts of the table (their sum: a few rows), or
 * null when it has none. Checked against sqlite_master once per schema generation.
 */
export function countFromGroups(store: ProjectStore, t: TableRef): number | null {
  const tableName = t.model.tableName;
  for (const c of t.cols) {
    if (indexUse(c.uidt) !== "eq" || !store.schemaCache.get(groupCountsMark(tableName, c.columnName))) continue;
    const [r] = store.exec(`SELECT total(n) AS n FROM ${quoteIdent(groupCountsName(tableName, c.columnName))}`);
    return Number(r?.n ?? 0);
  }
  return null;
}
