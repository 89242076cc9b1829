import { missing, refused } from "../errors";
import { compileKeys } from "../query";
import { ident, param, sql } from "../query/sql";
import type { ProjectStore } from "../store/store";
import { queryTable } from "./read";
import type { TableRef } from "./table-ref";

/**
 * The write side of field permissions and row rules (issue 23), for tables narrowed to the
 * store's reader (db/access). Rules:
 * - a body naming a hidden or read-only field is refused with 403 naming the field; nothing is
 *   written (the check runs before any statement);
 * - a record outside the reader's row rule does not exist for them: updates and deletes of it
 *   answer 404 "Row not found", as for a record that is not there (no hint that it is);
 * - after an insert or update, every written record must still match the rule (PostgreSQL's
 *   `WITH CHECK`), else 403 and the caller's transaction undoes the write.
 * All row checks are one SQL statement over the ids, next to the data.
 */
export function checkWritable(t: TableRef, body: unknown) {
  const denied = t.access?.denied;
  if (!denied?.size || body === null || typeof body !== "object" || Array.isArray(body)) return;
  for (const name of Object.keys(body)) {
    const mode = denied.get(name);
    if (mode)
      throw refused(
        `Field '${name}' is ${mode === "hidden" ? "hidden from" : "read-only for"} your role (${t.access!.reader.role})`,
      );
  }
}

/** The ids among `ids` that the reader's rule lets through (all of them without a rule). */
export function visibleIds(store: ProjectStore, t: TableRef, ids: number[]): Set<number> {
  if (!t.access?.rule || !ids.length) return new Set(ids);
  return presentIds(store, t, ids);
}

/** The ids among `ids` of records that exist and that the reader's rule, if any, lets through. */
export function presentIds(store: ProjectStore, t: TableRef, ids: number[]): Set<number> {
  if (!ids.length) return new Set();
  const pk = t.cols.find((c) => c.pk)!;
  const extra = sql`${ident("sqlite", pk.columnName)} IN (SELECT value FROM json_each(${param(JSON.stringify(ids))}))`;
  const q = compileKeys({ dialect: "sqlite", table: queryTable(t), keyColumn: pk.columnName, extra });
  return new Set(store.exec(q.sql, ...(q.params as never[])).map((r) => Number(r.id)));
}

/** Updates and deletes: every id must be within the rule, else "not found". */
export function requireVisible(store: ProjectStore, t: TableRef, ids: number[]) {
  if (!t.access?.rule) return;
  const seen = visibleIds(store, t, ids);
  const i = ids.findIndex((id) => !seen.has(id));
  if (i >= 0) throw missing(ids.length > 1 ? `Row ${i + 1}: row ${ids[i]} not found` : "Row not found");
}

/** After an insert or update (same transaction): the written records must still match the rule. */
export function withCheck(store: ProjectStore, t: TableRef, ids: number[]) {
  if (!t.access?.rule) return;
  const seen = visibleIds(store, t, ids);
  const i = ids.findIndex((id) => !seen.has(id));
  if (i >= 0) {
    const which = ids.length > 1 ? `Row ${i + 1}: the record` : "The record";
    throw refused(
      `${which} would be outside the rows your role (${t.access.reader.role}) may see; nothing was written`,
    );
  }
}
