import type { ProjectStore } from "../store/store";
import type { Kept } from "./kept-data";
import type { MetaRows } from "./meta-capture";

/**
 * Where the stored data a field or table entry keeps is now, so that its uploads stay while the
 * entry is there and go with its purge: a kept column sits in its live table (or in a table that
 * is itself in the trash), a kept table's columns under their own names. Imports nothing of
 * db/rows, which asks it (files.ts stillNamed) whether the trash still names an upload.
 */
export interface SchemaPayload {
  /** The field's, table's or view's id. */
  main: string;
  rows: MetaRows;
  kept: Kept;
}

export interface KeptPlace {
  tableName: string;
  columnName: string;
  uidt: string;
}

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Trash names of the tables in the trash, by table id. */
export function trashedTables(store: ProjectStore): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of store.exec("SELECT payload FROM _nc_trash WHERE kind = 'table'")) {
    const p = JSON.parse(str(r.payload)) as Partial<SchemaPayload>;
    for (const t of p.kept?.tables ?? []) out.set(t.modelId, t.trash);
  }
  return out;
}

const liveTable = (store: ProjectStore, modelId: string) =>
  (store.exec("SELECT table_name FROM _nc_models WHERE id = ?", modelId)[0]?.table_name as string | undefined) ?? null;

/** The stored columns an entry keeps, where they are now (those whose data is gone left out). */
export function keptPlaces(store: ProjectStore, payload: SchemaPayload, trashed = trashedTables(store)): KeptPlace[] {
  const own = new Map(payload.kept.tables.map((t) => [t.modelId, t.trash]));
  const out: KeptPlace[] = [];
  for (const c of payload.rows._nc_columns ?? []) {
    if (!c.column_name) continue;
    const modelId = str(c.fk_model_id);
    const kept = payload.kept.columns.find((k) => k.modelId === modelId && k.column === c.column_name);
    const tableName = own.get(modelId) ?? (kept ? (liveTable(store, modelId) ?? trashed.get(modelId)) : undefined);
    const columnName = kept ? kept.trash : str(c.column_name);
    if (!tableName) continue;
    const there = store.exec("SELECT 1 AS x FROM pragma_table_info(?) WHERE name = ?", tableName, columnName);
    if (there.length) out.push({ tableName, columnName, uidt: str(c.uidt) });
  }
  return out;
}

/** The kept columns of every field and table in the trash. */
export function allKeptPlaces(store: ProjectStore): KeptPlace[] {
  const trashed = trashedTables(store);
  return store
    .exec("SELECT payload FROM _nc_trash WHERE kind IN ('field', 'table')")
    .flatMap((r) => keptPlaces(store, JSON.parse(str(r.payload)) as SchemaPayload, trashed));
}
