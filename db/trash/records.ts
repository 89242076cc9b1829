import { DbError, bad } from "../errors";
import { quoteIdent as Q } from "../schema/names";
import { modelColumns } from "../schema/tables";
import { linkPlans, type LinkPlan } from "../rows/links";
import { fullTableRef, type TableRef } from "../rows/table-ref";
import { recordWrites, type Actor } from "../rows/audit";
import { collectFiles, fileColumns, type FileSink } from "../rows/files";
import type { Stored } from "../fields/types";
import type { ProjectStore } from "../store/store";
import { cellsOf, type RecordPayload } from "./capture";
import type { TrashEntry } from "./entries";
import type { RestoreReport, TrashHandler } from "./handler";

/**
 * Deleted records back from the trash (issue 35) with the SAME key and stored values, and their
 * links where the other record still exists. Rules:
 * - a column added since the delete gets its default; one dropped since is ignored;
 * - mm links come back both ways (one junction row); an hm child comes back only if it has no
 *   other parent now; a bt parent only if it still exists. Each link that cannot is said in
 *   `dropped`, naming the other record by its title (kept in the trash when it is there too);
 * - the record's comments and history were never removed (they are keyed by table and key), and
 *   one history entry says it was restored; its uploads were kept while the entry was there;
 * - a key taken meanwhile (possible only in a table whose key is not AUTOINCREMENT) is a 409.
 * Work per request is a few statements per table and link column, never a statement per record
 * (but the history entry, one prepared insert each, as deletes write theirs).
 */

/** Rows per insert statement: each row is one bound value, its JSON array (as write.ts inserts). */
const ROWS_PER_STATEMENT = 100;
const RESTORED = "restored the record";

/** A key as SQLite holds it: an integer key's text back to a number. */
const keyValue = (id: string | null) => (id !== null && /^-?\d{1,15}$/.test(id) ? Number(id) : id);

/**
 * The entry's payload with its row as one object: capture.ts writes a wide row in parts, and a
 * too-large row's big values in cells of their own.
 */
function payloadOf(
  store: ProjectStore,
  e: TrashEntry,
): { row: Record<string, unknown>; links: RecordPayload["links"] } {
  const p = (e.payload ?? { row: {}, links: {} }) as RecordPayload;
  const row = Array.isArray(p.row) ? Object.assign({}, ...p.row) : { ...p.row };
  if (p.cells?.some((c) => c !== null)) Object.assign(row, cellsOf(store, e.id));
  return { row, links: p.links };
}

/** The one title a dropped link names its other record by: the record's display value or, gone, its trash entry's. */
function titlesOf(store: ProjectStore, l: LinkPlan, ids: Array<number | string>): Map<string, string> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  for (const r of store.exec(
    `SELECT row_id AS id, title FROM _nc_trash WHERE kind = 'record' AND fk_model_id = ?
       AND row_id IN (SELECT CAST(value AS TEXT) FROM json_each(?))`,
    l.related.id,
    JSON.stringify(ids),
  ))
    out.set(String(r.id), String(r.title));
  return out;
}

const quoted = (t: string) => `\u201c${t}\u201d`;

function gone(l: LinkPlan, title: string) {
  return `Link to ${l.related.title} ${quoted(title)} was not restored: that record is gone`;
}

/** Restores the record entries of one table; answers one report per entry, in order. */
function restoreTable(store: ProjectStore, tableId: string, entries: TrashEntry[], actor: Actor): RestoreReport[] {
  let t: TableRef;
  try {
    t = fullTableRef(store, tableId);
  } catch {
    throw bad(`${quoted(entries[0]!.title)} cannot be restored: its table is gone (restore the table first)`);
  }
  const table = Q(t.model.tableName);
  const key = t.cols.find((c) => c.pk)!;
  const ids = entries.map((e) => e.rowId);
  const taken = store.exec(
    `SELECT ${Q(key.columnName)} AS id FROM ${table} WHERE ${Q(key.columnName)} IN (SELECT value FROM json_each(?))`,
    JSON.stringify(ids.map(keyValue)),
  );
  if (taken.length) {
    const e = entries.find((x) => x.rowId === String(taken[0]!.id))!;
    throw new DbError(
      409,
      `${quoted(e.title)} cannot be restored: another record of ${t.model.title} has its ${key.title} ${e.rowId} now`,
    );
  }
  insertKept(store, t, entries);
  const dropped = new Map<string, string[]>(entries.map((e) => [e.rowId!, []]));
  for (const l of linkPlans(store, tableId)) relink(store, l, entries, dropped);
  recordWrites(
    store,
    tableId,
    actor,
    entries.map((e) => ({ rowId: e.rowId!, subType: "INSERT", description: RESTORED })),
    new Date().toISOString(),
  );
  store.exec(
    "DELETE FROM _nc_trash WHERE id IN (SELECT value FROM json_each(?))",
    JSON.stringify(entries.map((e) => e.id)),
  );
  return entries.map((e) => ({
    id: e.id,
    type: "record",
    title: e.title,
    table_id: tableId,
    row_id: e.rowId,
    dropped: dropped.get(e.rowId!) ?? [],
  }));
}

/** A row's JSON text past this goes as bound values of its own (capture.ts keeps such rows' big values apart). */
const LONG_ROW_CHARS = 1_000_000;

/** An insert of kept rows; a key or required value taken meanwhile is a 409 saying so. */
function insertCaught(run: () => void) {
  try {
    run();
  } catch (err) {
    if (err instanceof Error && /constraint/i.test(err.message))
      throw new DbError(409, `The records cannot be restored: a value must be unique or required (${err.message})`);
    throw err;
  }
}

/** The rows as they were stored, in statements of 100 rows (grouped by the columns each kept). */
function insertKept(store: ProjectStore, t: TableRef, entries: TrashEntry[]) {
  const groups = new Map<string, { names: string[]; rows: string[] }>();
  for (const e of entries) {
    const kept = payloadOf(store, e).row;
    // Columns dropped since are not in t.cols; columns added since are not in the payload.
    const names = t.cols.map((c) => c.columnName).filter((n) => Object.hasOwn(kept, n));
    const k = names.join("\u0000");
    const values = names.map((n) => kept[n] as Stored);
    const json = JSON.stringify(values);
    if (json.length > LONG_ROW_CHARS) {
      // Too long for one bound JSON text (SQLite's 2 MB per value): a statement of its own values.
      insertCaught(() =>
        store.exec(
          `INSERT INTO ${Q(t.model.tableName)} (${names.map(Q).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
          ...values,
        ),
      );
      continue;
    }
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { names, rows: [] }));
    g.rows.push(json);
  }
  for (const { names, rows } of groups.values()) {
    const head = `INSERT INTO ${Q(t.model.tableName)} (${names.map(Q).join(", ")}) SELECT ${names.map((_, i) => `column1 ->> ${i}`).join(", ")}`;
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const part = rows.slice(i, i + ROWS_PER_STATEMENT);
      insertCaught(() => store.exec(`${head} FROM (VALUES ${part.map(() => "(?)").join(", ")})`, ...part));
    }
  }
}

/** One link column's links of the restored records: back where the other record allows, else dropped. */
function relink(store: ProjectStore, l: LinkPlan, entries: TrashEntry[], dropped: Map<string, string[]>) {
  const pairs: Array<[string, number | string]> = [];
  for (const e of entries)
    for (const other of payloadOf(store, e).links[l.columnId] ?? []) pairs.push([e.rowId!, other]);
  const rel = Q(l.related.tableName);
  const relKey = Q(l.related.key);
  if (l.type === "bt") {
    // The parent's key is in the restored row: cleared if that parent is gone.
    const here = Q(l.here.tableName);
    const cleared = store.exec(
      `UPDATE ${here} SET ${Q(l.fk!)} = NULL WHERE ${Q(l.here.key)} IN (SELECT value FROM json_each(?))
         AND ${Q(l.fk!)} IS NOT NULL AND ${Q(l.fk!)} NOT IN (SELECT ${relKey} FROM ${rel})
       RETURNING ${Q(l.here.key)} AS id`,
      JSON.stringify(entries.map((e) => keyValue(e.rowId))),
    );
    if (!cleared.length) return;
    const lost = new Set(cleared.map((r) => String(r.id)));
    const titles = titlesOf(
      store,
      l,
      pairs.filter(([id]) => lost.has(id)).map(([, o]) => o),
    );
    for (const [id, other] of pairs)
      if (lost.has(id)) dropped.get(id)?.push(gone(l, titles.get(String(other)) ?? String(other)));
    return;
  }
  if (!pairs.length) return;
  const exists = new Set(
    store
      .exec(
        `SELECT ${relKey} AS id FROM ${rel} WHERE ${relKey} IN (SELECT value FROM json_each(?))`,
        JSON.stringify(pairs.map(([, o]) => o)),
      )
      .map((r) => String(r.id)),
  );
  const missingOnes = pairs.filter(([, o]) => !exists.has(String(o)));
  const titles = titlesOf(
    store,
    l,
    missingOnes.map(([, o]) => o),
  );
  for (const [id, other] of missingOnes) dropped.get(id)!.push(gone(l, titles.get(String(other)) ?? String(other)));
  const live = JSON.stringify(pairs.filter(([, o]) => exists.has(String(o))).map(([id, o]) => [keyValue(id), o]));
  if (l.junction) {
    const j = l.junction;
    store.exec(
      `INSERT OR IGNORE INTO ${Q(j.table)} (${Q(j.mine)}, ${Q(j.theirs)})
       SELECT value ->> 0, value ->> 1 FROM json_each(?)`,
      live,
    );
    return;
  }
  // hm: a child comes back to this record only if no other record took it meanwhile.
  const back = new Set(
    store
      .exec(
        `UPDATE ${rel} SET ${Q(l.fk!)} = (SELECT p.value ->> 0 FROM json_each(?1) AS p WHERE p.value ->> 1 = ${rel}.${relKey})
         WHERE ${relKey} IN (SELECT value ->> 1 FROM json_each(?1)) AND ${Q(l.fk!)} IS NULL
         RETURNING ${relKey} AS id`,
        live,
      )
      .map((r) => String(r.id)),
  );
  const taken = pairs.filter(([, o]) => exists.has(String(o)) && !back.has(String(o)));
  if (!taken.length) return;
  const shown = displayTitles(
    store,
    l,
    taken.map(([, o]) => o),
  );
  for (const [id, other] of taken)
    dropped
      .get(id)!
      .push(
        `Link to ${l.related.title} ${quoted(shown.get(String(other)) ?? String(other))} was not restored: it is linked to another record now`,
      );
}

/** Existing records' display values (their key when empty). */
function displayTitles(store: ProjectStore, l: LinkPlan, ids: Array<number | string>) {
  const pvId = modelColumns(store, l.related.id).find((c) => c.pv)?.id;
  const col = fullTableRef(store, l.related.id).cols.find((c) => c.id === pvId);
  const out = new Map<string, string>();
  if (!col) return out;
  for (const r of store.exec(
    `SELECT ${Q(l.related.key)} AS id, ${Q(col.columnName)} AS v FROM ${Q(l.related.tableName)}
     WHERE ${Q(l.related.key)} IN (SELECT value FROM json_each(?))`,
    JSON.stringify(ids),
  ))
    if (r.v !== null && r.v !== "") out.set(String(r.id), String(r.v));
  return out;
}

/** Restores record entries (any tables), grouped per table; reports in the entries' order. */
export function restoreRecordEntries(store: ProjectStore, entries: TrashEntry[], actor: Actor): RestoreReport[] {
  const byTable = new Map<string, TrashEntry[]>();
  for (const e of entries) {
    const list = byTable.get(e.tableId ?? "") ?? [];
    list.push(e);
    byTable.set(e.tableId ?? "", list);
  }
  const reports = new Map<string, RestoreReport>();
  for (const [tableId, list] of byTable)
    for (const r of restoreTable(store, tableId, list, actor)) reports.set(r.id, r);
  return entries.map((e) => reports.get(e.id)!);
}

/** Drops record entries for good: their history and comments, and their uploads into `files`. */
export function purgeRecordEntries(store: ProjectStore, entries: TrashEntry[], files: FileSink) {
  const byTable = new Map<string, TrashEntry[]>();
  for (const e of entries) byTable.set(e.tableId ?? "", [...(byTable.get(e.tableId ?? "") ?? []), e]);
  for (const [tableId, list] of byTable) {
    let withFiles: ReturnType<typeof fileColumns> = [];
    try {
      withFiles = fileColumns(fullTableRef(store, tableId).cols);
    } catch {
      // The table is gone: its files went with it (or with its own trash entry).
    }
    for (const e of list)
      if (withFiles.length) collectFiles(files, withFiles, payloadOf(store, e).row as Record<string, Stored>);
    store.exec(
      "DELETE FROM _nc_audit WHERE fk_model_id = ? AND row_id IN (SELECT value FROM json_each(?))",
      tableId,
      JSON.stringify(list.map((e) => e.rowId)),
    );
  }
  store.exec(
    "DELETE FROM _nc_trash WHERE id IN (SELECT value FROM json_each(?))",
    JSON.stringify(entries.map((e) => e.id)),
  );
}

/** The `record` kind of trash entry (handlers.ts). */
export const recordHandler: TrashHandler = {
  restore: (store, entry, actor) => restoreRecordEntries(store, [entry], actor)[0]!,
  purge: (store, entry, files) => purgeRecordEntries(store, [entry], files),
};
