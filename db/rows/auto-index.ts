import { fieldType } from "../fields/registry";
import { toTree, type ListParams, type WhereCond, type WhereNode } from "../query";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import type { TableRef } from "./table-ref";
import { dropGroupCounts } from "./group-counts-names";

/**
 * Indexes made on demand for the column a list sorts by (DESIGN.md: work that grows with rows
 * runs in SQL, next to the data). Rules:
 * - the first sort column gets an index on (column, key) in the sort's direction, once, so
 *   `ORDER BY column, key LIMIT n` reads n index entries instead of sorting the table;
 * - a filter column alone gets none: without statistics SQLite would prefer such an index and then
 *   sort every match, which is slower than walking the sort index and skipping non-matches; a
 *   required `column = value` leads a (column, sort column, key) index instead (below);
 * - what a type may get is the registry's `index`: long text, JSON, attachments, geometry and
 *   computed columns none; checkbox and rating only the sort index;
 * - a column's indexes are dropped before the column is dropped or rebuilt (dropAutoIndex);
 * - a table's indexes are dropped when more rows went in since a sorted read last asked for them
 *   than a rebuild would cost (noteInserts): each index entry lands on a random page, so at 1M
 *   rows keeping the two indexes of the bench cost 39 µs per inserted row (1,000-row transactions:
 *   42 ms against 3 ms with none) while building both anew cost 2.4 µs per table row (2.4 s), a
 *   ratio of 16 (issue 36, measured in workerd). Once the rows inserted without a sorted read
 *   would have paid for a rebuild, the indexes go and the next sorted read makes them again: at
 *   most about twice the cheaper of the two, and a table that grows by bulk inserts grows at the
 *   rate of a table without indexes. The counts live in memory: a room that restarts counts again
 *   from nought, which only keeps indexes longer;
 * - the index key is (column, key) even where the key is the rowid (SQLite appends the rowid to
 *   every entry anyway): dropping it saved a third of the maintenance (30 against 42 ms per 1,000
 *   rows at 1M) but the rule above removes that cost from bulk growth altogether, and the read
 *   plans (keyset pages compare (column, key)) stay the ones tested.
 */
export const indexUse = (uidt: string) => fieldType(uidt)?.index ?? "none";

const indexName = (tableName: string, columnName: string, dir: "asc" | "desc") =>
  `_nc_ix_${tableName}__${columnName}__${dir}`;

/**
 * The conditions every matching row must meet: the conditions of the top-level AND chain,
 * descending into AND-joined groups; none at all as soon as an `or` joins two siblings.
 */
export function requiredConds(node: WhereNode | null, first = true): WhereCond[] {
  if (!node || node.logicalOp === "not" || (!first && node.logicalOp === "or")) return [];
  if (node.type === "cond") return [node];
  if (node.type !== "group") return [];
  if (node.children.some((c, i) => i > 0 && c.logicalOp === "or")) return [];
  return node.children.flatMap((c, i) => requiredConds(c, i === 0));
}

/**
 * Rules added for filtered, sorted pages (issue 14): when the filter requires `column = value`
 * on an indexable column, the index is (that column, sort column, key), so SQLite reads only the
 * matching rows, already in order, instead of walking the sort index past every non-match.
 * Answers the index's name, false while it waits to be built (BUILD_LATER_FROM: the list then
 * scans), nothing for a list without a sort index. A filtered list names it (`INDEXED BY`,
 * read.ts), as a count index of the same filter (count-index.ts) would otherwise look better to
 * SQLite, which then sorts every match (measured at 1M rows: 737 ms against 1–3 ms).
 * Rules added for far jumps (issue 36): a filtered list passes `wider`, its jump index
 * (jump-index.ts: the same leading columns, then the order's other keys and the filter's columns).
 * When it exists it is the list's index (it also tests the filter on its entries); else a sort
 * index of the list already made is walked; else the jump index is built in the sort index's
 * place when the jump index's rules allow, so the pages and the far jumps share one build (at 1M
 * rows the first jump met the sort index's deferred build: 3.6–4.2 s). A sort index that exists
 * is not doubled by a wider one before a far jump asks for it (a build of the table, 1–2 s at 1M).
 */
export function ensureIndexes(
  store: ProjectStore,
  t: TableRef,
  params: Pick<ListParams, "sort"> & { where?: string | WhereNode | null },
  /**
   * A filtered list's wider index (jump-index.ts): asked "if-made", its name when it exists, else
   * null; asked "later", its name, false while it waits to be built, or null when its rules refuse
   * it (then the sort index below).
   */
  wider?: (how: "if-made" | "later") => string | false | null,
): string | false | undefined {
  const first = params.sort?.[0]?.trim();
  if (!first) return;
  const desc = first.startsWith("-");
  const col = t.cols.find((c) => c.title === first.replace(/^-/, "").trim());
  const pk = t.cols.find((c) => c.pk);
  if (!col || !pk || col.pk || indexUse(col.uidt) === "none") return;
  const tableName = t.model.tableName;
  readAsked(store, tableName);
  const made = wider?.("if-made");
  if (made) return made;
  const eq = requiredConds(toTree(params.where ?? null)).find(
    (c) => c.op === "eq" && c.logicalOp !== "not" && c.value !== undefined && c.value !== "",
  );
  const eqCol =
    eq && t.cols.find((c) => c.title === eq.column && !c.pk && c.id !== col.id && indexUse(c.uidt) === "eq");
  const name = eqCol
    ? `_nc_ix_${tableName}__${eqCol.columnName}__${col.columnName}__${desc ? "desc" : "asc"}`
    : indexName(tableName, col.columnName, desc ? "desc" : "asc");
  if (store.schemaCache.has(`ix:${name}`)) return name;
  // A sort index already made is walked as it is; only a list that would build one builds the
  // wider index in its place (one build, which its far jumps walk too).
  if (wider && indexExists(store, name)) {
    store.schemaCache.set(`ix:${name}`, true);
    return name;
  }
  const wide = wider?.("later") ?? null;
  if (wide !== null) return wide;
  const lead = eqCol ? `${quoteIdent(eqCol.columnName)}, ` : "";
  return buildIndex(
    store,
    tableName,
    name,
    `${lead}${quoteIdent(col.columnName)}${desc ? " DESC" : ""}, ${quoteIdent(pk.columnName)}`,
    SORT_SLOT,
  );
}

/** The ProjectStore.later slot of a table's sort index, so only the sort asked last is built. */
export const SORT_SLOT = "sort-index";

/**
 * Makes index `name` on `terms` (SQL, columns quoted) now, or, for a table of BUILD_LATER_FROM
 * rows or more that lacks it, a moment after this request in the table's `slot`
 * (ProjectStore.later: a newer job in the same slot replaces the one waiting; slot null: now).
 * Answers its name, or false while it waits. Marks it made (schemaCache `ix:<name>`) once it is.
 */
export function buildIndex(
  store: ProjectStore,
  tableName: string,
  name: string,
  terms: string,
  slot: string | null,
): string | false {
  const make = () => {
    store.exec(`CREATE INDEX IF NOT EXISTS ${quoteIdent(name)} ON ${quoteIdent(tableName)} (${terms})`);
    store.schemaCache.set(`ix:${name}`, true);
  };
  if (slot && store.later && !indexExists(store, name) && tableSize(store, tableName) >= BUILD_LATER_FROM) {
    store.later(`${slot}:${tableName}`, name, make);
    return false;
  }
  make();
  return name;
}

/**
 * From this many rows a sort index is built a moment after the read that asks for it (the read
 * itself sorts the matches: SQLite keeps the page's rows in a small heap while it scans), and only
 * if the sort is still the one asked then (ProjectStore.later: one per table). Measured at 1M rows
 * (grid bench, issue 36): a sort change through the Sort dialog passes through the first field
 * ascending (the new sort's default), then the chosen field ascending, then descending, and each
 * built its index (0.5–1 s each in workerd, 0.8–1.3 s with the sqlite3 shell) while the scan for a
 * first page takes 0.1–0.2 s; the room answers one request at a time, so the three queued.
 */
export const BUILD_LATER_FROM = 100_000;

export const indexExists = (store: ProjectStore, name: string) =>
  store.exec("SELECT 1 AS x FROM sqlite_master WHERE type = 'index' AND name = ?", name).length > 0;

/** max(rowid): the table's size from one index page (deletes only overstate it). */
export const tableSize = (store: ProjectStore, tableName: string) =>
  Number(store.exec(`SELECT max(rowid) AS n FROM ${quoteIdent(tableName)}`)[0]?.n ?? 0);

/** Every on-demand index that names the column (single or composite), before it is dropped or rebuilt. */
export function dropAutoIndex(store: ProjectStore, tableName: string, columnName: string) {
  const found = store.exec(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, 7) = '_nc_ix_' AND instr(sql, ?) > 0",
    tableName,
    quoteIdent(columnName),
  );
  for (const { name } of found) store.exec(`DROP INDEX IF EXISTS ${quoteIdent(String(name))}`);
}

/**
 * Building both bench indexes at 1M rows cost 2.4 µs per table row; keeping them, 39 µs per inserted
 * row: more inserted rows than a sixteenth of the table pay for a rebuild (rules above).
 */
export const MAINTAIN_PER_REBUILD = 16;
/** Below this many rows inserted since the last sorted read, nothing is asked (single-row writes). */
export const MIN_INSERTED = 1_000;

/** Counts per table kept in memory for each store (a room's life): rows inserted since some read. */
export function perStoreCounts(): (store: ProjectStore) => Map<string, number> {
  const maps = new WeakMap<ProjectStore, Map<string, number>>();
  return (store) => {
    let m = maps.get(store);
    if (!m) maps.set(store, (m = new Map()));
    return m;
  };
}

const insertedSince = perStoreCounts();

/** A read asked for the table's indexes: the count of rows inserted without one starts again. */
export const readAsked = (store: ProjectStore, tableName: string) => insertedSince(store).delete(tableName);

/** Whether `since` inserted rows have cost more than rebuilding the indexes of a table of `rows` rows. */
export const rebuildIsCheaper = (since: number, rows: number) =>
  since >= MIN_INSERTED && since * MAINTAIN_PER_REBUILD >= rows;

/**
 * Called by every insert, inside its transaction: counts the rows inserted into the table since
 * a sorted read last asked for its indexes, and drops the table's on-demand indexes once a rebuild
 * would have been cheaper than keeping them (rules above). Their cache marks go with them, so the
 * next sorted read makes them again.
 */
export function noteInserts(store: ProjectStore, tableName: string, n: number) {
  const counts = insertedSince(store);
  const since = (counts.get(tableName) ?? 0) + n;
  counts.set(tableName, since);
  if (since < MIN_INSERTED) return;
  // The table's size without a count (deletes only overstate it, which keeps the indexes longer).
  const rows = tableSize(store, tableName);
  if (!rebuildIsCheaper(since, rows)) return;
  const found = store.exec(
    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND substr(name, 1, 7) = '_nc_ix_'",
    tableName,
  );
  for (const { name } of found) {
    store.exec(`DROP INDEX IF EXISTS ${quoteIdent(String(name))}`);
    store.schemaCache.delete(`ix:${String(name)}`);
  }
  // The maintained group counts (group-counts.ts) cost each inserted row a trigger too: same rule
  // (not the row count's: one small update per row, row-count.ts).
  dropGroupCounts(store, tableName, true);
  counts.delete(tableName);
}
