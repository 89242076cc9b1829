import { fieldType } from "../fields/registry";
import { toTree, type WhereNode } from "../query";
import { indexTerm, type TextIndex } from "../query/text-index";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import {
  dropSearchIndex,
  dropTextIndex,
  searchFillName,
  searchIndexName,
  searchTriggerName,
} from "./search-index-names";
import { MIN_INSERTED, perStoreCounts, tableSize } from "./auto-index";
import type { TableRef } from "./table-ref";

/**
 * The trigram index of a table's text fields (issue 36: search that does not scan). Rules:
 * - One FTS5 table per user table (`_nc_fts_<table>`, contentless, `tokenize='trigram'`, which
 *   folds case; `detail=column`: no positions, so queries AND a term's trigrams, and the build and
 *   every write cost about half of what full detail costs), one column per field the search box matches with like (the registry's `search`),
 *   rowid = the row's INTEGER PRIMARY KEY. Three triggers on the user table keep it in step inside
 *   the very statement that writes a row, so every write path (API, import, trash restore,
 *   formulas, snapshots loaded and written again) keeps it without knowing of it.
 * - Made lazily: on the first read whose filter has a like the index can answer, on a table of at
 *   least BUILD_ROWS rows (below that the scan is as fast, and small tables pay no trigger cost).
 * - Current means: the FTS table and its triggers are exactly what this code would write for the
 *   table's fields now (checked once per schema generation, the store's schemaCache). Anything
 *   else (a field added, renamed, retyped, deleted or restored) drops it; the next search builds
 *   it again. The schema code drops it before a column is dropped or the table renamed away
 *   (dropSearchIndex): SQLite refuses to drop a column a trigger names.
 * - Snapshots and exports leave it out (db/project/dump.ts): it is rebuilt after a load.
 * - Filled in steps from FILL_IN_STEPS_FROM rows: the build is ~6 µs a row (6.1 s at 1M rows, so
 *   ~30 s at 5M, in one request that holds the whole project's room and nears a request's CPU
 *   limit). A big table gets the FTS table, its triggers and a marker `_nc_fts_<table>$fill`
 *   (key column, next key, last key) in one transaction; then, between requests
 *   (ProjectStore.later), one transaction per step fills STEP_ROWS rows by key range, skipping
 *   keys the triggers already put in (a row written meanwhile), and the last step drops the
 *   marker. Until then searches scan (the index is used only once whole); rows written during the
 *   fill are kept by the triggers, so nothing is missed. A room that restarts mid-fill goes on at
 *   the next search (the marker is stored; the steps' timer is not). A step reads the columns from
 *   the FTS table itself, so a field added meanwhile only makes the next search rebuild it.
 * - Dropped while a table grows by bulk inserts with no search (the growth rule of the sort indexes,
 *   auto-index.ts, with this index's own costs): its triggers cost ~31 µs per inserted row at 1M
 *   rows (a 1,000-row insert 35.1 ms with them against 3.9 ms without, Node's SQLite on the bench
 *   table) where filling it costs ~6 µs per table row. So once the rows inserted since the last
 *   search reach a fifth of the table (and MIN_INSERTED), the insert drops it in its transaction,
 *   and the next search starts it again (in steps on a big table). Every cached table description
 *   goes with it (the store's schemaCache), so no query table still names the dropped index.
 */
/** Below this many rows a table is searched by scanning it. */
export const BUILD_ROWS = 5_000;
/** From this many rows the index is filled in steps between requests (rules above). */
export const FILL_IN_STEPS_FROM = 200_000;
/** Rows a step fills: ~0.15 s of the room at ~6 µs a row (a request arriving meanwhile waits that long). */
export const STEP_ROWS = 25_000;

const indexName = searchIndexName;
const triggerName = searchTriggerName;
/** An index column per field: `f_` + the field's column, never FTS5's reserved `rank` or `rowid`. */
const indexColumn = (columnName: string) => `f_${columnName}`;

/** Column names of the fields the search box matches with like: those the index holds. */
function searchableColumns(t: TableRef): string[] {
  return t.cols
    .filter((c) => !c.pk && fieldType(c.uidt)?.search === "like" && fieldType(c.uidt)?.filterOps.includes("like"))
    .map((c) => c.columnName)
    .sort();
}

/** The statements that make the index of `tableName` over `columns`, keyed by `key`. */
function definition(tableName: string, key: string, columns: readonly string[]) {
  const fts = quoteIdent(indexName(tableName));
  const table = quoteIdent(tableName);
  const cols = columns.map((c) => quoteIdent(indexColumn(c))).join(", ");
  const values = (row: "new" | "old") => columns.map((c) => `${row}.${quoteIdent(c)}`).join(", ");
  const insert = `INSERT INTO ${fts} (rowid, ${cols}) VALUES (new.${quoteIdent(key)}, ${values("new")});`;
  const remove = `DELETE FROM ${fts} WHERE rowid = old.${quoteIdent(key)};`;
  return {
    create: `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='', contentless_delete=1, detail=column, tokenize='trigram case_sensitive 0')`,
    triggers: [
      `CREATE TRIGGER ${quoteIdent(triggerName(tableName, "i"))} AFTER INSERT ON ${table} BEGIN ${insert} END`,
      `CREATE TRIGGER ${quoteIdent(triggerName(tableName, "u"))} AFTER UPDATE OF ${quoteIdent(key)}, ${columns.map(quoteIdent).join(", ")} ON ${table} BEGIN ${remove} ${insert} END`,
      `CREATE TRIGGER ${quoteIdent(triggerName(tableName, "d"))} AFTER DELETE ON ${table} BEGIN ${remove} END`,
    ],
    fill: `INSERT INTO ${fts} (rowid, ${cols}) SELECT ${quoteIdent(key)}, ${columns.map(quoteIdent).join(", ")} FROM ${table}`,
  };
}

/** The table's INTEGER PRIMARY KEY (its rowid), or null: the index's rowid must be the row's key. */
function rowidKey(store: ProjectStore, tableName: string): string | null {
  const keys = store.exec("SELECT name, type FROM pragma_table_info(?) WHERE pk > 0", tableName);
  return keys.length === 1 && String(keys[0]!.type).toUpperCase() === "INTEGER" ? String(keys[0]!.name) : null;
}

/** Whether the filter has a like the index could answer (a term of 3+ characters, no wildcard inside). */
function wantsIndex(node: WhereNode | null, searchable: ReadonlySet<string>): boolean {
  // Under NOT the compiler leaves the index out (compile-where.ts), so such a like needs none.
  if (!node || node.logicalOp === "not") return false;
  if (node.type === "group") return node.children.some((c) => wantsIndex(c, searchable));
  return (
    node.type === "cond" &&
    node.op === "like" &&
    searchable.has(node.column) &&
    node.value !== undefined &&
    indexTerm(node.value) !== null
  );
}

/** The index as it stands, when it is exactly what the table's fields need now; else null. */
function currentIndex(store: ProjectStore, tableName: string, key: string, columns: readonly string[]) {
  const want = definition(tableName, key, columns);
  const have = new Map(
    store
      .exec(
        "SELECT name, sql FROM sqlite_master WHERE name IN (?, ?, ?, ?)",
        indexName(tableName),
        triggerName(tableName, "i"),
        triggerName(tableName, "u"),
        triggerName(tableName, "d"),
      )
      .map((r) => [String(r.name), String(r.sql)]),
  );
  const same =
    have.get(indexName(tableName)) === want.create &&
    (["i", "u", "d"] as const).every((w, i) => have.get(triggerName(tableName, w)) === want.triggers[i]);
  return { same, any: have.size > 0, want };
}

/** Inserted rows that cost as much to keep in the index as one table row costs to fill (rules above). */
export const KEEP_PER_FILL = 5;

const sinceSearch = perStoreCounts();

/**
 * Called by every insert, inside its transaction: counts the rows inserted since a search last
 * asked for the table's index, and drops the index once filling it again is the cheaper (rules above).
 */
export function noteSearchInserts(store: ProjectStore, tableName: string, n: number) {
  const counts = sinceSearch(store);
  const since = (counts.get(tableName) ?? 0) + n;
  counts.set(tableName, since);
  if (since < MIN_INSERTED) return;
  if (since * KEEP_PER_FILL < tableSize(store, tableName)) return;
  counts.delete(tableName);
  const held = store.exec("SELECT 1 FROM sqlite_master WHERE name = ?", searchIndexName(tableName)).length > 0;
  if (!held) return;
  dropTextIndex(store, tableName);
  store.schemaCache.clear();
}

/** Whether the table's index is still being filled (its marker exists). */
const filling = (store: ProjectStore, tableName: string) =>
  store.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", searchFillName(tableName)).length > 0;

/**
 * One step of a fill in steps: the next `stepRows` rows by key into the index, in one
 * transaction; then the next step is asked for, or the marker dropped when the last key is in.
 */
export function fillStep(store: ProjectStore, tableName: string, stepRows = STEP_ROWS) {
  const done = store.transaction(() => {
    const marker = quoteIdent(searchFillName(tableName));
    if (!filling(store, tableName)) return true; // dropped meanwhile (a schema change, the trash)
    const at = store.exec(`SELECT key, next, last FROM ${marker}`)[0];
    if (!at) return true;
    const key = quoteIdent(String(at.key));
    const table = quoteIdent(tableName);
    const fts = quoteIdent(searchIndexName(tableName));
    const upTo = store.exec(
      `SELECT max(k) AS k FROM (SELECT ${key} AS k FROM ${table} WHERE ${key} BETWEEN ? AND ? ORDER BY ${key} LIMIT ?)`,
      at.next as number,
      at.last as number,
      stepRows,
    )[0]?.k as number | null;
    const end = upTo ?? (at.last as number);
    const ftsCols = store
      .exec("SELECT name FROM pragma_table_info(?)", searchIndexName(tableName))
      .map((r) => String(r.name));
    store.exec(
      `INSERT INTO ${fts} (rowid, ${ftsCols.map(quoteIdent).join(", ")})
       SELECT ${key}, ${ftsCols.map((c) => quoteIdent(c.slice(2))).join(", ")} FROM ${table}
       WHERE ${key} BETWEEN ? AND ? AND ${key} NOT IN (SELECT rowid FROM ${fts} WHERE rowid BETWEEN ? AND ?)`,
      at.next as number,
      end,
      at.next as number,
      end,
    );
    if (end >= (at.last as number)) {
      store.exec(`DROP TABLE ${marker}`);
      return true;
    }
    store.exec(`UPDATE ${marker} SET next = ?`, end + 1);
    return false;
  });
  if (!done) askFillStep(store, tableName, stepRows);
}

function askFillStep(store: ProjectStore, tableName: string, stepRows: number) {
  store.later?.(`search-index:${tableName}`, "fill", () => fillStep(store, tableName, stepRows));
}

/**
 * The table's index for a read with this filter: the current one, or one built now (one
 * transaction) when the filter can use it and the table is big enough; else undefined (scan).
 * From FILL_IN_STEPS_FROM rows (with a store that runs work later) the index is started and
 * filled in steps, and searches scan until it is whole. `sizes` are the rules' sizes (tests).
 */
export function ensureSearchIndex(
  store: ProjectStore,
  t: TableRef,
  where: string | WhereNode | null | undefined,
  sizes = { stepsFrom: FILL_IN_STEPS_FROM, stepRows: STEP_ROWS },
): TextIndex | undefined {
  const tableName = t.model.tableName;
  const cacheKey = `search-index:${tableName}`;
  const known = store.schemaCache.get(cacheKey) as TextIndex | undefined;
  if (known) {
    // A read with a like keeps the index through inserts (a filter as text: its ops by name).
    if (where && (typeof where !== "string" || where.includes("like"))) sinceSearch(store).delete(tableName);
    return known;
  }
  const columns = searchableColumns(t);
  if (!columns.length) return undefined;
  const titles = new Set(t.cols.filter((c) => columns.includes(c.columnName)).map((c) => c.title));
  let tree: WhereNode | null;
  try {
    tree = toTree(where ?? null);
  } catch {
    return undefined; // the compiler answers the bad filter with its message
  }
  if (!wantsIndex(tree, titles)) return undefined;
  sinceSearch(store).delete(tableName); // a search: the index is worth keeping through inserts
  const key = rowidKey(store, tableName);
  if (!key) return undefined;
  const index: TextIndex = {
    table: indexName(tableName),
    key,
    columns: new Map(columns.map((c) => [c, indexColumn(c)])),
  };
  const state = currentIndex(store, tableName, key, columns);
  if (state.same && filling(store, tableName)) {
    askFillStep(store, tableName, sizes.stepRows); // a room restarted mid-fill goes on
    return undefined;
  }
  if (!state.same) {
    const limit = Math.max(BUILD_ROWS, sizes.stepsFrom);
    const rows = Number(
      store.exec(`SELECT count(*) AS n FROM (SELECT 1 FROM ${quoteIdent(tableName)} LIMIT ?)`, limit)[0]?.n ?? 0,
    );
    if (rows < BUILD_ROWS) {
      // A stale index of a table now small: its triggers would keep costing every write.
      if (state.any) store.transaction(() => dropSearchIndex(store, tableName));
      return undefined;
    }
    const inSteps = rows >= sizes.stepsFrom && !!store.later;
    try {
      store.transaction(() => {
        dropSearchIndex(store, tableName);
        store.exec(state.want.create);
        if (inSteps) {
          const marker = quoteIdent(searchFillName(tableName));
          store.exec(`CREATE TABLE ${marker} (key TEXT NOT NULL, next INTEGER NOT NULL, last INTEGER NOT NULL)`);
          store.exec(
            `INSERT INTO ${marker} SELECT ?, min(${quoteIdent(key)}), max(${quoteIdent(key)}) FROM ${quoteIdent(tableName)}`,
            key,
          );
        } else store.exec(state.want.fill);
        for (const trigger of state.want.triggers) store.exec(trigger);
      });
    } catch (err) {
      // The index only speeds a search up: one that cannot be built (storage full) leaves the scan.
      console.error(`search index of ${tableName} not built:`, err);
      return undefined;
    }
    if (inSteps) {
      askFillStep(store, tableName, sizes.stepRows);
      return undefined;
    }
  }
  store.schemaCache.set(cacheKey, index);
  return index;
}
