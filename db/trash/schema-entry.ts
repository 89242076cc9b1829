import { bad, DbError } from "../errors";
import { randomHex } from "../ids";
import { fieldType, isLink, keyOf } from "../fields/registry";
import type { UIType } from "../fields/types";
import type { FileSink } from "../rows/files";
import type { Actor } from "../rows/audit";
import { quoteIdent } from "../schema/names";
import type { ProjectStore, SqlRow } from "../store/store";
import { syncViewColumns } from "../views/sync";
import { getEntry, putEntry, removeEntry, type TrashEntry, type TrashKind } from "./entries";
import type { RestoreReport } from "./handler";
import { dropKeptColumn, dropKeptTable, Keeper, restoreIndexes, unkeepColumn, unkeepTable } from "./kept-data";
import { keptPlaces, trashedTables, type SchemaPayload } from "./kept-places";
import { capturing, liveIds, reinsert, restorable, type MetaRows } from "./meta-capture";

export type { SchemaPayload };

/**
 * What the field, table and view kinds share: a delete run with its removed meta rows captured
 * and its data kept aside, one entry; a restore that puts back what can come back, under free
 * titles and names, and says what could not; a purge that drops the kept data.
 */

/** Runs a schema delete into the trash, in one transaction with the entry; answers the delete's result. */
export function trashing<T>(
  store: ProjectStore,
  kind: Exclude<TrashKind, "record">,
  what: { main: string; title: string; tableId: string | null },
  actor: Actor | null,
  del: (keeper: Keeper) => T,
): T {
  return store.transaction(() => {
    const keeper = new Keeper(randomHex(6));
    const { result, rows } = capturing(store, () => del(keeper));
    const payload: SchemaPayload = { main: what.main, rows, kept: keeper.kept };
    putEntry(store, { kind, title: what.title, tableId: what.tableId, payload }, actor);
    return result;
  });
}

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** A title not yet among `taken` (case-insensitive): "Price (restored)", "Price (restored 2)". */
function freeTitle(title: string, taken: Set<string>): string {
  if (!taken.has(title.toLowerCase())) return title;
  for (let n = 1; ; n++) {
    const t = n === 1 ? `${title} (restored)` : `${title} (restored ${n})`;
    if (!taken.has(t.toLowerCase())) return t;
  }
}

/** Titles taken now in `scope` (all tables, or one table's fields or views). */
function takenTitles(store: ProjectStore, table: string, scope: string | null): Set<string> {
  const rows =
    scope === null
      ? store.exec(`SELECT title FROM ${table}`)
      : store.exec(`SELECT title FROM ${table} WHERE fk_model_id = ?`, scope);
  return new Set(rows.map((r) => str(r.title).toLowerCase()));
}

const KIND_WORD: Record<string, string> = { _nc_models: "Table", _nc_columns: "Field", _nc_views: "View" };

/** Gives restored tables, fields and views a free title where one was taken meanwhile. */
function freeTitles(store: ProjectStore, rows: MetaRows, dropped: string[]) {
  for (const table of ["_nc_models", "_nc_columns", "_nc_views"]) {
    const byScope = new Map<string, Set<string>>();
    for (const r of rows[table] ?? []) {
      const scope = table === "_nc_models" ? null : str(r.fk_model_id);
      const key = scope ?? "";
      if (!byScope.has(key)) byScope.set(key, takenTitles(store, table, scope));
      const taken = byScope.get(key)!;
      const title = freeTitle(str(r.title), taken);
      if (title !== r.title) {
        dropped.push(`${KIND_WORD[table]} name "${str(r.title)}" was taken; it came back as "${title}"`);
        r.title = title;
      }
      taken.add(title.toLowerCase());
    }
  }
}

function modelRow(store: ProjectStore, rows: MetaRows, modelId: string): SqlRow | undefined {
  return (
    (rows._nc_models ?? []).find((m) => m.id === modelId) ??
    store.exec("SELECT * FROM _nc_models WHERE id = ?", modelId)[0]
  );
}

/** What a restore says about a field that could not come back. */
function notBack(c: SqlRow): string | null {
  if (c.system || keyOf(str(c.uidt))) return null;
  return isLink(str(c.uidt))
    ? `Link field "${str(c.title)}" was not restored: the table it links to is gone`
    : `Field "${str(c.title)}" was not restored: a field or table it reads from is gone`;
}

/**
 * Restores a field's, table's or view's entry: 409 while the table it belongs to is itself in
 * the trash. Same ids; the kept data renamed back; a link to a table gone stays gone (`dropped`).
 */
export function restoreSchema(store: ProjectStore, entry: TrashEntry, ownTable: string | null): RestoreReport {
  const payload = entry.payload as SchemaPayload;
  const live = liveIds(store);
  if (ownTable && !live.has(ownTable)) {
    if (trashedTableName(store, ownTable)) throw new DbError(409, "The table is in the trash: restore the table first");
    throw bad(`${entry.title} cannot be restored: its table was deleted for good`);
  }
  const dropped: string[] = [];
  const { keep, left } = restorable(payload.rows, (id) => live.has(id));
  freeTitles(store, keep, dropped);
  // Tables first (a kept column may sit in one), then columns, then the meta naming them.
  for (const t of payload.kept.tables) {
    const m = (keep._nc_models ?? []).find((r) => r.id === t.modelId);
    if (!m) {
      dropKeptTable(store, t);
      continue;
    }
    m.table_name = unkeepTable(store, t);
  }
  const tableOf = (modelId: string) => {
    const m = modelRow(store, keep, modelId);
    return m ? str(m.table_name) : null;
  };
  for (const c of payload.kept.columns) {
    const table = tableOf(c.modelId);
    const meta = (keep._nc_columns ?? []).find((r) => r.fk_model_id === c.modelId && r.column_name === c.column);
    if (!table || !meta) {
      dropKeptColumn(store, table ?? trashedTableName(store, c.modelId), c);
      continue;
    }
    meta.column_name = unkeepColumn(store, table, c);
  }
  reinsert(store, keep);
  restoreIndexes(
    store,
    (keep._nc_columns ?? [])
      .filter((c) => keyOf(str(c.uidt)) === "foreign" && c.column_name)
      .map((c) => {
        const m = modelRow(store, keep, str(c.fk_model_id))!;
        return { table: str(m.table_name), column: str(c.column_name), junction: Boolean(m.mm) };
      }),
  );
  // Views made since the delete get the fields that came back; the rest keep their old settings.
  for (const id of new Set((keep._nc_columns ?? []).map((c) => str(c.fk_model_id)))) syncViewColumns(store, id);
  // Said of the fields of tables that are there; a gone table's side of a link goes unsaid.
  const there = (id: string) => live.has(id) || (keep._nc_models ?? []).some((m) => m.id === id);
  for (const c of left._nc_columns ?? []) {
    const line = there(str(c.fk_model_id)) ? notBack(c) : null;
    if (line) dropped.push(line);
  }
  const main = [...(keep._nc_models ?? []), ...(keep._nc_columns ?? []), ...(keep._nc_views ?? [])].find(
    (r) => r.id === payload.main,
  );
  removeEntry(store, entry.id);
  return {
    id: entry.id,
    type: entry.kind,
    title: main ? str(main.title) : entry.title,
    table_id: entry.tableId,
    dropped,
  };
}

/** Where a table in the trash keeps its data now (another entry's kept table), or null. */
function trashedTableName(store: ProjectStore, modelId: string): string | null {
  return trashedTables(store).get(modelId) ?? null;
}

/**
 * Uploads named by the kept data of fields that hold files (removed once the purge commits,
 * unless a record, a record in the trash or another entry's kept data still names them).
 */
function keptFiles(store: ProjectStore, payload: SchemaPayload, sink: FileSink) {
  for (const p of keptPlaces(store, payload)) {
    const type = fieldType(p.uidt as UIType);
    if (!type?.storedFiles) continue;
    const name = quoteIdent(p.columnName);
    for (const r of store.exec(`SELECT ${name} AS v FROM ${quoteIdent(p.tableName)} WHERE ${name} LIKE '%download/%'`))
      sink.push(...type.storedFiles(r.v ?? null));
  }
}

function tableOfLive(store: ProjectStore, modelId: string): string | null {
  const [m] = store.exec("SELECT table_name FROM _nc_models WHERE id = ?", modelId);
  return m ? str(m.table_name) : null;
}

/**
 * A table gone for good: its deleted records in the trash (they could never come back) and its
 * history and comments go too. Their uploads are the paths in this project's folders of those
 * tables named in the records' payloads (the table's field meta is gone with it, so the payload's
 * text is read for them).
 */
function forgetRecordsOf(store: ProjectStore, models: string, files: FileSink) {
  const project = store.projectId;
  for (const r of store.exec(
    "SELECT fk_model_id, payload FROM _nc_trash WHERE kind = 'record' AND fk_model_id IN (SELECT value FROM json_each(?))",
    models,
  )) {
    if (!project) break;
    const folder = `download/noco/${project}/${String(r.fk_model_id)}/`;
    for (const m of String(r.payload).matchAll(/download\/noco\/[^"?#\\]+/g))
      if (m[0].startsWith(folder)) files.push(m[0]);
  }
  store.exec("DELETE FROM _nc_trash WHERE kind = 'record' AND fk_model_id IN (SELECT value FROM json_each(?))", models);
  store.exec("DELETE FROM _nc_audit WHERE fk_model_id IN (SELECT value FROM json_each(?))", models);
}

/** Drops an entry's kept data for good; its uploads go to `files`. */
export function purgeSchema(store: ProjectStore, entry: TrashEntry, files: FileSink) {
  const payload = entry.payload as SchemaPayload;
  // A table gone for good takes its fields and views in the trash with it (they could never come
  // back), first, while their kept data can still be found (and its uploads removed).
  if (entry.kind === "table") {
    const models = JSON.stringify(payload.kept.tables.map((t) => t.modelId));
    for (const r of store.exec(
      "SELECT id FROM _nc_trash WHERE kind IN ('field', 'view') AND fk_model_id IN (SELECT value FROM json_each(?))",
      models,
    )) {
      const inner = getEntry(store, String(r.id));
      if (inner) purgeSchema(store, inner, files);
    }
    forgetRecordsOf(store, models, files);
  }
  keptFiles(store, payload, files);
  const own = new Map(payload.kept.tables.map((t) => [t.modelId, t.trash]));
  for (const c of payload.kept.columns) {
    // A column kept in a table this entry keeps goes with that table.
    if (own.has(c.modelId)) continue;
    dropKeptColumn(store, tableOfLive(store, c.modelId) ?? trashedTableName(store, c.modelId), c);
  }
  for (const t of payload.kept.tables) dropKeptTable(store, t);
  removeEntry(store, entry.id);
}
