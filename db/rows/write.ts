import type { Stored } from "../fields/types";
import { bad, missing } from "../errors";
import { quoteIdent } from "../schema/names";
import type { ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { recordInserts, recordWrites, type Actor } from "./audit";
import { unlinkDeleted } from "./links";
import { toApiRow, toStored, type RowColumn } from "./row-codec";
import { collectFiles, fileColumns, type FileSink } from "./files";
import { rememberWriter } from "./row-users";

/**
 * Rows go to SQLite as prepared multi-row `INSERT ... VALUES (...), (...)` statements of as many
 * rows as fit in 100 bound values (the Durable Object limit), in one transaction per request:
 * measured 2.6x faster than unpacking one JSON array with json_each/json_extract, which parses
 * every row's text once per column. A table too wide for one row per statement falls back to
 * that JSON form (one bound value per statement). When the key is the table's rowid (the ID
 * column, `INTEGER PRIMARY KEY AUTOINCREMENT`), the statements return nothing: the rows of one
 * transaction get consecutive rowids, so the new ids are the last one and the n-1 before it
 * (RETURNING cost about a fifth of the statements' time, issue 14).
 */
const MAX_PARAMS = 100;
const MAX_JSON_CHARS = 1_000_000;
const pkOf = (cols: RowColumn[]) => cols.find((c) => c.pk)!;

const prefixed = (i: number, total: number, err: unknown) =>
  total > 1 && err instanceof Error ? bad(`Row ${i + 1}: ${err.message}`) : err;

interface InsertShape {
  /** The columns an insert writes (all but an auto-increment key), in statement order. */
  names: string[];
  /** Rows per multi-row statement; 0 when one row alone has more values than a statement may bind. */
  per: number;
  /** The statement for `per` rows (for a table with no writable column: one row of defaults). */
  full: string;
  statement: (rows: number) => string;
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
  const per = names.length === 0 ? 1 : names.length <= MAX_PARAMS ? Math.floor(MAX_PARAMS / names.length) : 0;
  const head = `INSERT INTO ${table} (${names.map(quoteIdent).join(", ")}) VALUES `;
  const tuple = `(${names.map(() => "?").join(", ")})`;
  const returning = rowidKey ? "" : ` RETURNING ${pk} AS id`;
  const statement = (n: number) => `${head}${Array.from({ length: n }, () => tuple).join(", ")}${returning}`;
  const full = names.length === 0 ? `INSERT INTO ${table} DEFAULT VALUES RETURNING ${pk} AS id` : statement(per);
  const shape = { names, per, full, statement, rowidKey };
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
  const stored = bodies.map((b, i) => {
    try {
      return toStored(cols, b, "insert", now, actor.id || null);
    } catch (err) {
      throw prefixed(i, bodies.length, err);
    }
  });
  const { names, per, full, statement, rowidKey } = insertShape(store, model, cols);
  return store.transaction(() => {
    rememberWriter(store, cols, actor);
    const ids: number[] = [];
    if (names.length === 0) {
      for (let i = 0; i < stored.length; i++) ids.push(store.exec(full)[0]!.id as number);
    } else if (per > 0) {
      // Each statement's values straight into one flat list: no array per row, no slices.
      for (let i = 0; i < stored.length; i += per) {
        const n = Math.min(per, stored.length - i);
        const params: Stored[] = [];
        for (let r = i; r < i + n; r++) {
          const row = stored[r]!;
          for (const name of names) params.push(row[name] ?? null);
        }
        const returned = store.exec(n === per ? full : statement(n), ...params);
        if (!rowidKey) for (const r of returned) ids.push(r.id as number);
      }
      if (rowidKey && stored.length) {
        const last = store.exec("SELECT last_insert_rowid() AS id")[0]!.id as number;
        for (let id = last - stored.length + 1; id <= last; id++) ids.push(id);
      }
    } else {
      const select = names.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
      const sql = `INSERT INTO ${quoteIdent(model.tableName)} (${names.map(quoteIdent).join(", ")}) SELECT ${select} FROM json_each(?) ORDER BY key RETURNING ${quoteIdent(pkOf(cols).columnName)} AS id`;
      for (const chunk of jsonChunks(stored.map((row) => names.map((n) => row[n] ?? null))))
        for (const r of store.exec(sql, chunk)) ids.push(r.id as number);
    }
    ids.sort((a, b) => a - b);
    recordInserts(store, model.id, actor, ids, now);
    return ids;
  });
}

/** JSON texts of consecutive rows, each under MAX_JSON_CHARS. */
function* jsonChunks(rows: Stored[][]): Generator<string> {
  let parts: string[] = [];
  let size = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (parts.length && size + text.length + 1 > MAX_JSON_CHARS) {
      yield `[${parts.join(",")}]`;
      parts = [];
      size = 2;
    }
    parts.push(text);
    size += text.length + 1;
  }
  if (parts.length) yield `[${parts.join(",")}]`;
}

export function readRowById(store: ProjectStore, model: ModelRow, cols: RowColumn[], id: number) {
  const pk = quoteIdent(pkOf(cols).columnName);
  const [raw] = store.exec(`SELECT * FROM ${quoteIdent(model.tableName)} WHERE ${pk} = ?`, id);
  return raw ? toApiRow(cols, raw) : null;
}

/** Updates rows (each `{id, body}`) in one transaction, recording what changed. */
export function updateRows(
  store: ProjectStore,
  model: ModelRow,
  cols: RowColumn[],
  updates: Array<{ id: number; body: unknown }>,
  actor: Actor,
) {
  const now = new Date().toISOString();
  const table = quoteIdent(model.tableName);
  const pk = quoteIdent(pkOf(cols).columnName);
  return store.transaction(() => {
    rememberWriter(store, cols, actor);
    updates.forEach(({ id, body }, i) => {
      let values: Record<string, Stored>;
      try {
        values = toStored(cols, body, "update", now, actor.id || null);
      } catch (err) {
        throw prefixed(i, updates.length, err);
      }
      const [before] = store.exec(`SELECT * FROM ${table} WHERE ${pk} = ?`, id);
      if (!before) throw missing(updates.length > 1 ? `Row ${i + 1}: row ${id} not found` : "Row not found");
      const names = Object.keys(values);
      if (names.length) {
        store.exec(
          `UPDATE ${table} SET ${names.map((n) => `${quoteIdent(n)} = ?`).join(", ")} WHERE ${pk} = ?`,
          ...names.map((n) => values[n]!),
          id,
        );
      }
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      for (const c of cols) {
        if (c.stamp || !Object.hasOwn(values, c.columnName) || before[c.columnName] === values[c.columnName]) continue;
        changes[c.title] = { old: before[c.columnName] ?? null, new: values[c.columnName] };
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
              description: `changed ${Object.keys(changes).join(", ")}`,
              details: changes,
            },
          ],
          now,
        );
      }
    });
  });
}

/**
 * Deletes rows by id in one transaction; every id must exist. `files` receives the uploads the
 * deleted rows named (read by the same DELETE ... RETURNING), to remove once this commits.
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
