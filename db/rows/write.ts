import type { Stored } from "../fields/types";
import { bad, missing } from "../errors";
import { quoteIdent } from "../schema/names";
import type { ModelRow } from "../store/schema";
import type { ProjectStore, SqlRow } from "../store/store";
import { recordInserts, recordWrites, type Actor } from "./audit";
import { unlinkDeleted } from "./links";
import { toApiRow, toInsertValues, toStored, type RowColumn } from "./row-codec";
import { checkOwnUploads, collectFiles, fileColumns, type FileSink } from "./files";
import { rememberWriter } from "./row-users";
import { captureRecords } from "../trash/capture";
import { newId } from "../ids";
import { noteInserts } from "./auto-index";
import { noteSearchInserts } from "./search-index";

/**
 * Rows go to SQLite in one transaction per request, as statements of up to 100 rows (the Durable
 * Object's limit of bound values) in which each row is ONE bound value, its JSON array:
 * `INSERT INTO t (a, b) SELECT column1 ->> 0, column1 ->> 1 FROM (VALUES (?), (?), ...)`.
 * SQLite keeps the last parse of a JSON text, so a row's text is parsed once for all its columns,
 * and `->>` gives back the text, integer, real or NULL the row held. Measured in workerd (issue
 * 14, 1,000 rows of 9 fields): 2.9 ms of SQL against 4.2 ms for multi-row VALUES of one bound
 * value per field (84 statements of 12 rows) and 4.4 ms for one JSON array through json_each; for
 * 20 and 40 fields 3.1 against 4.2 and 8.0 against 9.3 ms. Rows whose JSON text is long (60 fields
 * of 100 characters: 90 against 70 ms) still go as multi-row VALUES of bound values. When the
 * key is the table's rowid (the ID column, `INTEGER PRIMARY KEY AUTOINCREMENT`), the statements
 * return nothing: the rows of one transaction get consecutive rowids, so the new ids are the last
 * one and the n-1 before it (RETURNING cost about a fifth of the statements' time, issue 14).
 */
const MAX_PARAMS = 100;
/** A first row's JSON text longer than this sends the request's rows as bound values (see above). */
const LONG_ROW_CHARS = 2_000;
const pkOf = (cols: RowColumn[]) => cols.find((c) => c.pk)!;

const prefixed = (i: number, total: number, err: unknown) =>
  total > 1 && err instanceof Error ? bad(`Row ${i + 1}: ${err.message}`) : err;

interface InsertShape {
  /** The columns an insert writes (all but an auto-increment key), in statement order. */
  names: string[];
  /**
   * Rows per statement of bound values: at least one, as a table holds at most 100 columns (a
   * Durable Object's SQLite) and an auto-increment key is never bound.
   */
  per: number;
  /** The statement of bound values for `per` rows (for a table with no writable column: one row of defaults). */
  full: string;
  values: (rows: number) => string;
  /** The statement of JSON rows for MAX_PARAMS rows, and for fewer. */
  jsonFull: string;
  json: (rows: number) => string;
  /** Whether the new ids are counted from the last rowid rather than returned (see above). */
  rowidKey: boolean;
}

/** Per table's columns (memoised with its table ref until the schema changes): built once, not per request. */
const shapes = new WeakMap<RowColumn[], InsertShape>();

/**
 * Whether the auto-increment key is the table's rowid: its only primary key column, declared
 * INTEGER (SQLite's rule for a rowid alias). Asked of SQLite rather than assumed from the field
 * type, so a table made elsewhere (an import, an older schema) keeps RETURNING.
 */
function keyIsRowid(store: ProjectStore, tableName: string, pk: RowColumn): boolean {
  if (!pk.ai) return false;
  const keys = store.exec("SELECT name, type FROM pragma_table_info(?) WHERE pk > 0", tableName);
  return keys.length === 1 && keys[0]!.name === pk.columnName && String(keys[0]!.type).toUpperCase() === "INTEGER";
}

function insertShape(store: ProjectStore, model: ModelRow, cols: RowColumn[]): InsertShape {
  const known = shapes.get(cols);
  if (known) return known;
  const names = cols.filter((c) => !(c.pk && c.ai)).map((c) => c.columnName);
  const table = quoteIdent(model.tableName);
  const pk = quoteIdent(pkOf(cols).columnName);
  const rowidKey = names.length > 0 && keyIsRowid(store, model.tableName, pkOf(cols));
  const per = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, names.length)));
  const head = `INSERT INTO ${table} (${names.map(quoteIdent).join(", ")}) `;
  const returning = rowidKey ? "" : ` RETURNING ${pk} AS id`;
  const tuple = `(${names.map(() => "?").join(", ")})`;
  const values = (n: number) => `${head}VALUES ${Array.from({ length: n }, () => tuple).join(", ")}${returning}`;
  const fields = names.map((_, i) => `column1 ->> ${i}`).join(", ");
  const json = (n: number) =>
    `${head}SELECT ${fields} FROM (VALUES ${Array.from({ length: n }, () => "(?)").join(", ")})${returning}`;
  const full = names.length === 0 ? `INSERT INTO ${table} DEFAULT VALUES RETURNING ${pk} AS id` : values(per);
  const shape = { names, per, full, values, jsonFull: json(MAX_PARAMS), json, rowidKey };
  shapes.set(cols, shape);
  return shape;
}

/** Inserts rows in one transaction (all or nothing); returns their new ids in order. */
export function insertRows(
  store: ProjectStore,
  model: ModelRow,
  cols: RowColumn[],
  bodies: unknown[],
  actor: Actor,
): number[] {
  const now = new Date().toISOString();
  // Each row's values in the order of the shape's names (toInsertValues keeps the columns' order).
  const stored = bodies.map((b, i) => {
    try {
      return toInsertValues(cols, b, now, actor.id || null);
    } catch (err) {
      throw prefixed(i, bodies.length, err);
    }
  });
  const shape = insertShape(store, model, cols);
  const { names, rowidKey } = shape;
  return store.transaction(() => {
    for (const c of fileColumns(cols)) {
      const at = names.indexOf(c.columnName);
      checkOwnUploads(
        store,
        model,
        c,
        stored.map((row) => row[at] ?? null),
      );
    }
    rememberWriter(store, cols, actor);
    noteInserts(store, model.tableName, stored.length);
    noteSearchInserts(store, model.tableName, stored.length);
    const ids: number[] = [];
    const run = (sql: string, params: Stored[]) => {
      const returned = store.exec(sql, ...params);
      if (!rowidKey) for (const r of returned) ids.push(r.id as number);
    };
    if (names.length === 0) {
      for (let i = 0; i < stored.length; i++) run(shape.full, []);
    } else {
      const first = stored.length ? JSON.stringify(stored[0]) : "";
      const asJson = first.length <= LONG_ROW_CHARS;
      const step = asJson ? MAX_PARAMS : shape.per;
      for (let i = 0; i < stored.length; i += step) {
        const n = Math.min(step, stored.length - i);
        // Each statement's values straight into one flat list: no array per row, no slices.
        const params: Stored[] = [];
        for (let r = i; r < i + n; r++) {
          const row = stored[r]!;
          if (asJson) params.push(r === 0 ? first : JSON.stringify(row));
          else for (const v of row) params.push(v);
        }
        run(asJson ? (n === step ? shape.jsonFull : shape.json(n)) : n === step ? shape.full : shape.values(n), params);
      }
    }
    if (rowidKey && stored.length) {
      const last = store.exec("SELECT last_insert_rowid() AS id")[0]!.id as number;
      for (let id = last - stored.length + 1; id <= last; id++) ids.push(id);
    }
    ids.sort((a, b) => a - b);
    recordInserts(store, model.id, actor, ids, now);
    return ids;
  });
}

export function readRowById(store: ProjectStore, model: ModelRow, cols: RowColumn[], id: number) {
  const pk = quoteIdent(pkOf(cols).columnName);
  const [raw] = store.exec(`SELECT * FROM ${quoteIdent(model.tableName)} WHERE ${pk} = ?`, id);
  return raw ? toApiRow(cols, raw) : null;
}

/**
 * Updates rows (each `{id, body}`) in one transaction, recording what changed. With `returning`
 * (a select list), each UPDATE returns the row so, and the rows come back in order; a row whose
 * body changes nothing is not written and has no entry.
 */
export function updateRows(
  store: ProjectStore,
  model: ModelRow,
  cols: RowColumn[],
  updates: Array<{ id: number; body: unknown }>,
  actor: Actor,
  returning?: string | null,
  /** The entries' description instead of "changed A, B" (a restored version). */
  note?: string,
): SqlRow[] {
  const now = new Date().toISOString();
  const table = quoteIdent(model.tableName);
  const pk = quoteIdent(pkOf(cols).columnName);
  const written: SqlRow[] = [];
  return store.transaction(() => {
    rememberWriter(store, cols, actor);
    updates.forEach(({ id, body }, i) => {
      let values: Record<string, Stored>;
      try {
        values = toStored(cols, body, "update", now, actor.id || null);
        for (const c of fileColumns(cols))
          if (Object.hasOwn(values, c.columnName)) checkOwnUploads(store, model, c, [values[c.columnName]!]);
      } catch (err) {
        throw prefixed(i, updates.length, err);
      }
      // Only what the history compares (the written fields' old values), not the whole record: the
      // read is per updated row, and a wide record's other cells were copied out for nothing.
      const watched = cols.filter((c) => !c.stamp && Object.hasOwn(values, c.columnName));
      const [before] = store.exec(
        `SELECT ${[pk, ...watched.map((c) => quoteIdent(c.columnName))].join(", ")} FROM ${table} WHERE ${pk} = ?`,
        id,
      );
      if (!before) throw missing(updates.length > 1 ? `Row ${i + 1}: row ${id} not found` : "Row not found");
      const names = Object.keys(values);
      if (names.length) {
        const rows = store.exec(
          `UPDATE ${table} SET ${names.map((n) => `${quoteIdent(n)} = ?`).join(", ")} WHERE ${pk} = ?${returning ? ` RETURNING ${returning}` : ""}`,
          ...names.map((n) => values[n]!),
          id,
        );
        if (returning) written.push(...rows);
      }
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      for (const c of watched) {
        if (before[c.columnName] === values[c.columnName]) continue;
        // As the API answers them, so the history shows them as the grid does and can send one back.
        changes[c.title] = {
          old: c.type.toApi(before[c.columnName] ?? null, c.ctx),
          new: c.type.toApi(values[c.columnName] ?? null, c.ctx),
        };
      }
      if (Object.keys(changes).length) {
        recordWrites(
          store,
          model.id,
          actor,
          [
            {
              rowId: String(id),
              subType: "UPDATE",
              description: note ?? `changed ${Object.keys(changes).join(", ")}`,
              details: changes,
            },
          ],
          now,
        );
      }
    });
    return written;
  });
}

/**
 * Deletes rows by id in one transaction; every id must exist. The records go into the trash
 * first (db/trash/capture.ts: one entry each, one batch per call, links included), so they can
 * come back with the same key. `files` receives the uploads the deleted rows named (read by the
 * same DELETE ... RETURNING): they are removed once nothing names them, and a trash entry does
 * until it is purged (files.ts, stillNamed).
 */
export function deleteRows(
  store: ProjectStore,
  model: ModelRow,
  cols: RowColumn[],
  ids: number[],
  actor: Actor,
  files?: FileSink,
) {
  const now = new Date().toISOString();
  const table = quoteIdent(model.tableName);
  const pk = quoteIdent(pkOf(cols).columnName);
  const withFiles = files ? fileColumns(cols) : [];
  const returning = [pk, ...withFiles.map((c) => quoteIdent(c.columnName))].join(", ");
  return store.transaction(() => {
    captureRecords(store, model.id, ids, actor, newId("tr_"), now);
    unlinkDeleted(store, model.id, ids);
    const found: FileSink = [];
    ids.forEach((id, i) => {
      const gone = store.exec(`DELETE FROM ${table} WHERE ${pk} = ? RETURNING ${returning}`, id);
      if (!gone.length) throw missing(ids.length > 1 ? `Row ${i + 1}: row ${id} not found` : "Row not found");
      if (withFiles.length) collectFiles(found, withFiles, gone[0]!);
    });
    files?.push(...found);
    recordWrites(
      store,
      model.id,
      actor,
      ids.map((id) => ({ rowId: String(id), subType: "DELETE", description: "deleted the record" })),
      now,
    );
    return ids.length;
  });
}
