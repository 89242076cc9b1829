import type { Stored } from "../fields/types";
import { bad, missing } from "../errors";
import { quoteIdent } from "../schema/names";
import type { ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { recordInserts, recordWrites, type Actor } from "./audit";
import { unlinkDeleted } from "./links";
import { toApiRow, toStored, type RowColumn } from "./values";
import { collectFiles, fileColumns, type FileSink } from "./files";
import { rememberWriter } from "./row-users";

/**
 * Rows go to SQLite as prepared multi-row `INSERT ... VALUES (...), (...)` statements of as many
 * rows as fit in 100 bound values (the Durable Object limit), in one transaction per request:
 * measured 2.6x faster than unpacking one JSON array with json_each/json_extract, which parses
 * every row's text once per column. A table too wide for one row per statement falls back to
 * that JSON form (one bound value per statement).
 */
const MAX_PARAMS = 100;
const MAX_JSON_CHARS = 1_000_000;
const pkOf = (cols: RowColumn[]) => cols.find((c) => c.pk)!;

/** A path or body row id as the integer key; anything else names no row. */
export function rowKey(id: unknown): number {
  const n = typeof id === "number" ? id : typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw missing("Row not found");
  return n;
}

const prefixed = (i: number, total: number, err: unknown) =>
  total > 1 && err instanceof Error ? bad(`Row ${i + 1}: ${err.message}`) : err;

/** Inserts rows in one transaction (all or nothing); returns their new ids in order. */
export function insertRows(store: ProjectStore, model: ModelRow, cols: RowColumn[], bodies: unknown[], actor: Actor): number[] {
  const now = new Date().toISOString();
  const stored = bodies.map((b, i) => {
    try {
      return toStored(cols, b, "insert", now, actor.id || null);
    } catch (err) {
      throw prefixed(i, bodies.length, err);
    }
  });
  const names = cols.filter((c) => !(c.pk && c.ai)).map((c) => c.columnName);
  const table = quoteIdent(model.tableName);
  const pk = quoteIdent(pkOf(cols).columnName);
  const values = stored.map((row) => names.map((n) => row[n] ?? null));
  return store.transaction(() => {
    rememberWriter(store, cols, actor);
    const ids: number[] = [];
    if (names.length === 0) {
      for (let i = 0; i < values.length; i++) ids.push(store.exec(`INSERT INTO ${table} DEFAULT VALUES RETURNING ${pk} AS id`)[0]!.id as number);
    } else if (names.length <= MAX_PARAMS) {
      const per = Math.floor(MAX_PARAMS / names.length);
      const head = `INSERT INTO ${table} (${names.map(quoteIdent).join(", ")}) VALUES `;
      const tuple = `(${names.map(() => "?").join(", ")})`;
      const statement = (n: number) => `${head}${Array.from({ length: n }, () => tuple).join(", ")} RETURNING ${pk} AS id`;
      const full = statement(per);
      for (let i = 0; i < values.length; i += per) {
        const chunk = values.slice(i, i + per);
        for (const r of store.exec(chunk.length === per ? full : statement(chunk.length), ...chunk.flat())) ids.push(r.id as number);
      }
    } else {
      const select = names.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
      const sql = `INSERT INTO ${table} (${names.map(quoteIdent).join(", ")}) SELECT ${select} FROM json_each(?) ORDER BY key RETURNING ${pk} AS id`;
      for (const chunk of jsonChunks(values)) for (const r of store.exec(sql, chunk)) ids.push(r.id as number);
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
export function updateRows(store: ProjectStore, model: ModelRow, cols: RowColumn[], updates: Array<{ id: number; body: unknown }>, actor: Actor) {
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
        store.exec(`UPDATE ${table} SET ${names.map((n) => `${quoteIdent(n)} = ?`).join(", ")} WHERE ${pk} = ?`, ...names.map((n) => values[n]!), id);
      }
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      for (const c of cols) {
        if (c.stamp || !Object.hasOwn(values, c.columnName) || before[c.columnName] === values[c.columnName]) continue;
        changes[c.title] = { old: before[c.columnName] ?? null, new: values[c.columnName] };
      }
      if (Object.keys(changes).length) {
        recordWrites(store, model.id, actor, [{ rowId: String(id), subType: "UPDATE", description: `changed ${Object.keys(changes).join(", ")}`, details: changes }], now);
      }
    });
  });
}

/**
 * Deletes rows by id in one transaction; every id must exist. `files` receives the uploads the
 * deleted rows named (read by the same DELETE ... RETURNING), to remove once this commits.
 */
export function deleteRows(store: ProjectStore, model: ModelRow, cols: RowColumn[], ids: number[], actor: Actor, files?: FileSink) {
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
    recordWrites(store, model.id, actor, ids.map((id) => ({ rowId: String(id), subType: "DELETE", description: "deleted the record" })), now);
    return ids.length;
  });
}
