import type { Stored } from "../fields/types";
import type { ProjectStore, SqlRow } from "../store/store";

/**
 * The meta rows a schema delete removes, cascades included, captured generically: every meta
 * table a delete can touch is read before it, and the rows gone after it are what a restore
 * puts back, with the same ids, parents before children. Reading the project's whole meta is a
 * few thousand rows at most (tables × fields × views), never user rows; it saves each kind from
 * knowing every place that cleans up after a field, table or view (links, lookups, view settings).
 */

/** Meta tables in the order a restore inserts them (foreign keys: parents first); each row's key. */
const META_TABLES: ReadonlyArray<readonly [table: string, key: string]> = [
  ["_nc_models", "id"],
  ["_nc_columns", "id"],
  ["_nc_views", "id"],
  ["_nc_view_columns", "id"],
  ["_nc_hooks", "id"],
  ["_nc_filters", "id"],
  ["_nc_sorts", "id"],
  ["_nc_table_access", "fk_model_id || '/' || role"],
];

export type MetaRows = Record<string, SqlRow[]>;
type Snapshot = Map<string, Map<string, SqlRow>>;

function snapshot(store: ProjectStore): Snapshot {
  return new Map(
    META_TABLES.map(([table, key]) => [
      table,
      new Map(store.exec(`SELECT ${key} AS _key, * FROM ${table}`).map((r) => [String(r._key), withoutKey(r)])),
    ]),
  );
}

function withoutKey(r: SqlRow): SqlRow {
  const { _key, ...rest } = r;
  void _key;
  return rest;
}

/** Runs `fn` (a delete) and answers its result with the meta rows it removed, by table. */
export function capturing<T>(store: ProjectStore, fn: () => T): { result: T; rows: MetaRows } {
  const before = snapshot(store);
  const result = fn();
  const keys = new Map(
    META_TABLES.map(([table, key]) => [
      table,
      new Set(store.exec(`SELECT ${key} AS k FROM ${table}`).map((r) => String(r.k))),
    ]),
  );
  const rows: MetaRows = {};
  for (const [table] of META_TABLES) {
    const still = keys.get(table)!;
    const gone = [...before.get(table)!].filter(([k]) => !still.has(k)).map(([, r]) => r);
    if (gone.length) rows[table] = gone;
  }
  return { result, rows };
}

/** A filter tree's groups before their conditions, whatever order the rows were read in. */
function parentsFirst(rows: SqlRow[]): SqlRow[] {
  const out: SqlRow[] = [];
  const placed = new Set<string>();
  const ids = new Set(rows.map((r) => String(r.id)));
  let left = rows;
  while (left.length) {
    const ready = left.filter(
      (r) => !r.fk_parent_id || !ids.has(String(r.fk_parent_id)) || placed.has(String(r.fk_parent_id)),
    );
    if (!ready.length) break;
    for (const r of ready) {
      out.push(r);
      placed.add(String(r.id));
    }
    left = left.filter((r) => !placed.has(String(r.id)));
  }
  return out;
}

/** Inserts captured rows back as they were (same ids), in foreign-key order. */
export function reinsert(store: ProjectStore, rows: MetaRows) {
  for (const [table] of META_TABLES) {
    const list = rows[table];
    if (!list?.length) continue;
    for (const r of table === "_nc_filters" ? parentsFirst(list) : list) {
      const names = Object.keys(r);
      store.exec(
        `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
        ...names.map((n) => r[n] as Stored),
      );
    }
  }
}

/** The foreign keys a captured row names (models, columns, views, hooks, parent filters). */
const REFS: Record<string, string[]> = {
  _nc_columns: ["fk_model_id"],
  _nc_views: ["fk_model_id"],
  _nc_view_columns: ["fk_view_id", "fk_column_id"],
  _nc_hooks: ["fk_model_id"],
  _nc_filters: ["fk_view_id", "fk_hook_id", "fk_column_id", "fk_parent_id"],
  _nc_sorts: ["fk_view_id", "fk_column_id"],
  _nc_table_access: ["fk_model_id"],
};

/**
 * Splits captured rows into those that can come back and those that cannot: a row naming a table,
 * field, view or hook that neither exists now nor comes back with it is left out, and so is a
 * field whose options name one that is left out (a link's reverse side, a lookup reading through
 * it), until nothing more falls. `exists(id)` says whether an id lives in the project now.
 */
export function restorable(rows: MetaRows, exists: (id: string) => boolean): { keep: MetaRows; left: MetaRows } {
  const keep: MetaRows = Object.fromEntries(Object.entries(rows).map(([t, l]) => [t, [...l]]));
  const left: MetaRows = {};
  const ids = () => new Set(Object.values(keep).flatMap((l) => l.map((r) => String(r.id ?? ""))));
  for (let changed = true; changed;) {
    changed = false;
    const coming = ids();
    const known = (id: unknown) => id === null || id === undefined || coming.has(String(id)) || exists(String(id));
    const leftIds = new Set(Object.values(left).flatMap((l) => l.map((r) => String(r.id ?? ""))));
    for (const [table, list] of Object.entries(keep)) {
      const out = list.filter((r) => {
        // A link's junction table comes back only with a link that names it.
        if (table === "_nc_models" && r.mm)
          return !(keep._nc_columns ?? []).some((c) => String(c.col_options ?? "").includes(String(r.id)));
        if (!(REFS[table] ?? []).every((k) => known(r[k]))) return true;
        if (table !== "_nc_columns" || !r.col_options) return false;
        const opts = JSON.parse(String(r.col_options)) as Record<string, unknown>;
        // A link's other table, and every id its options name, must be there too.
        return Object.entries(opts).some(
          ([k, v]) =>
            typeof v === "string" && (leftIds.has(v) || (k.startsWith("fk_") && k.endsWith("_id") && !known(v))),
        );
      });
      if (!out.length) continue;
      changed = true;
      keep[table] = list.filter((r) => !out.includes(r));
      (left[table] ??= []).push(...out);
    }
  }
  return { keep, left };
}

/** The ids of every captured row (to hand the id index, or to test existence). */
export function idsOf(rows: MetaRows): string[] {
  return Object.values(rows).flatMap((l) => l.map((r) => String(r.id ?? "")).filter(Boolean));
}

/** Every id of the project's meta now (tables, fields, views, their settings, hooks). */
export function liveIds(store: ProjectStore): Set<string> {
  // One statement per table: workerd's SQLite allows few terms in a compound SELECT.
  return new Set(
    META_TABLES.filter(([, key]) => key === "id").flatMap(([t]) =>
      store.exec(`SELECT id FROM ${t}`).map((r) => String(r.id)),
    ),
  );
}
