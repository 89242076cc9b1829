import { toTree, type WhereCond, type WhereNode } from "../query";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import { buildIndex, indexUse, readAsked } from "./auto-index";
import type { TableRef } from "./table-ref";

/**
 * Indexes made on demand for counts under a filter (issue 36: ≤ 10 ms at 1M rows). A count reads
 * no row, so an index that holds every column the filter names answers it from index entries
 * alone, within the range the filter's leading equalities and its one range give: measured at 1M
 * rows, `(Amount,gt,100)~and(Category,eq,cat3)` takes 2–3 ms over `(category, amount)` against
 * 80–150 ms by a scan and 290–700 ms over the `(category, price, id)` sort index (SQLite then
 * looks up each of the 90,000 matching rows). Rules:
 * - only a filter that is one AND chain (no `not`): every condition must be in the index, or SQLite
 *   would look rows up again. An `or` is taken in one shape: a group of `eq`s on one column (on its
 *   own or as a member of the chain), which stands for that column's equality: SQLite turns
 *   `c = ? OR c = ?` into `c IN (?, ?)` and counts each value's stretch of the index (the values
 *   differ or repeat, never overlap, so the stretches add up to the count). Any other `or` scans;
 * - its columns: the `eq` conditions on columns the registry's `index` allows equality lookups on
 *   (`eq`), in the filter's order, then at most one column with a range (`gt`, `lt`, `gte`, `lte`,
 *   `btw`, or an `eq` on a column indexed for sorting only) — equality columns first so the range
 *   stays one contiguous stretch of the index;
 * - nothing for a filter on the key (the table is its own index by key), on computed fields, on
 *   columns whose type gets no index, or on tables under MIN_ROWS rows (a scan is as fast, and a
 *   small table pays no upkeep);
 * - at most MAX_PER_TABLE per table: a new filter past that is counted by the plan SQLite picks;
 * - from BUILD_LATER_FROM rows (auto-index.ts) it is built a moment after the count that asks for
 *   it, in the table's count-index slot (ProjectStore.later: only the filter counted last), and
 *   that count is answered by the plan SQLite picks: at 1M rows (`points > 500`, sqlite3 shell on
 *   the loaded machine) a scan counted in 0.32–0.36 s (0.09 s of CPU) where building `(points)`
 *   took 0.89 s (0.26 s of CPU) and counting from it 23 ms. Not left to a later count of the same
 *   columns: every row write empties the room's count cache, so a table being edited counts again
 *   after each write, by scans until the index exists (when a sort change emptied it too, the grid
 *   bench's sort change took 925 ms that way, against 316–782 ms with the index built after the
 *   first count; a sort change now keeps the counts, realtime/room-changes.ts);
 * - they are automatic indexes like the sort indexes (prefix `_nc_ix_`): dropped before their
 *   columns are (dropAutoIndex), dropped by the growth rule (noteInserts), and a count read
 *   restarts that rule's count as a sorted read does. An index never changes an answer, only how
 *   SQLite finds it: the count's SQL is the same with or without one.
 */
export const MIN_ROWS = 5_000;
export const MAX_PER_TABLE = 4;
const RANGE_OPS = new Set(["gt", "lt", "gte", "ge", "lte", "le", "btw"]);
const SUFFIX = "__count";

export interface CountIndex {
  name: string;
  /** Column names, in index order. */
  columns: string[];
}

/**
 * The members of the filter's AND chain (nested `and` groups flattened), or null when the chain
 * holds anything but conditions and `or` groups of `eq`s on one column (which stand for one `eq`).
 */
function andChain(node: WhereNode): WhereCond[] | null {
  if (node.logicalOp === "not") return null;
  if (node.type === "cond") return [node];
  if (node.type !== "group") return null; // a constant
  const [head, ...rest] = node.children;
  if (!head) return null;
  if (rest.some((c) => c.logicalOp === "or")) {
    const eqs = node.children.every(
      (c, i) =>
        c.type === "cond" &&
        c.op === "eq" &&
        c.value !== undefined &&
        c.value !== "" &&
        c.column === (head as WhereCond).column &&
        (i === 0 ? c.logicalOp !== "not" : c.logicalOp === "or"),
    );
    return eqs ? [head as WhereCond] : null;
  }
  const members: WhereCond[] = [];
  for (const child of node.children) {
    const inner = andChain(child);
    if (!inner) return null;
    members.push(...inner);
  }
  return members;
}

/** The count index this filter would use on `t`, or null (rules above). Pure: nothing is made. */
export function countIndexFor(t: TableRef, where: string | WhereNode | null | undefined): CountIndex | null {
  let tree: WhereNode | null;
  try {
    tree = toTree(where ?? null);
  } catch {
    return null; // the compiler answers the bad filter with its message
  }
  const conds = tree ? andChain(tree) : null;
  if (!conds?.length) return null;
  const eqCols: string[] = [];
  let range: string | null = null;
  const byTitle = (c: WhereCond) => t.cols.find((col) => col.title === c.column);
  for (const c of conds) {
    const col = byTitle(c);
    if (!col || col.pk || c.logicalOp === "not" || indexUse(col.uidt) === "none") return null;
    const hasValue = c.value !== undefined && c.value !== "";
    if (c.op === "eq" && hasValue && indexUse(col.uidt) === "eq") {
      if (!eqCols.includes(col.columnName)) eqCols.push(col.columnName);
    } else if ((RANGE_OPS.has(c.op) || c.op === "eq") && hasValue && (range === null || range === col.columnName)) {
      range = col.columnName;
    } else return null;
  }
  const columns = range && !eqCols.includes(range) ? [...eqCols, range] : eqCols;
  return { name: `_nc_ix_${t.model.tableName}__${columns.join("__")}${SUFFIX}`, columns };
}

/** Makes the count index the filter would use, once (rules above); a no-op when there is none. */
export function ensureCountIndex(store: ProjectStore, t: TableRef, where: string | WhereNode | null | undefined) {
  const index = countIndexFor(t, where);
  if (!index) return;
  const tableName = t.model.tableName;
  readAsked(store, tableName);
  const mark = `ix:${index.name}`;
  if (store.schemaCache.has(mark)) return;
  const exists = store.exec("SELECT 1 AS x FROM sqlite_master WHERE type = 'index' AND name = ?", index.name).length;
  if (!exists) {
    // max(rowid) reads one page: the table's size without a count (deletes only overstate it).
    const rows = Number(store.exec(`SELECT max(rowid) AS n FROM ${quoteIdent(tableName)}`)[0]?.n ?? 0);
    if (rows < MIN_ROWS) return;
    const made = store.exec(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, 7) = '_nc_ix_' AND substr(name, -?) = ?",
      tableName,
      SUFFIX.length,
      SUFFIX,
    );
    if (Number(made[0]?.n ?? 0) >= MAX_PER_TABLE) return;
    // From BUILD_LATER_FROM rows, a moment after this count, which SQLite's own plan answers.
    buildIndex(store, tableName, index.name, index.columns.map(quoteIdent).join(", "), COUNT_SLOT);
    return;
  }
  store.schemaCache.set(mark, true);
}

/** The ProjectStore.later slot of a table's count index: only the filter counted last gets one. */
export const COUNT_SLOT = "count-index";
