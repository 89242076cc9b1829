/**
 * Field permissions and row rules (issue 23, db/access) on an external database's tables: the
 * same settings as native tables (kept in the project's SQLite, `_nc_table_access`), compiled to
 * the source's own dialect so the database does the work. Rules:
 * - a narrowed reader gets the table without its hidden fields (and computed fields over them),
 *   with its row rule ANDed into every statement compiled for it (db/query `rowRule`: lists,
 *   counts, find-one, group-by, exports, bulk changes by filter) and with links, lookups and
 *   rollups reaching only the records the target tables' rules let through;
 * - reads and writes by key check the rule in one statement on the source (`SELECT 1 ... WHERE
 *   key AND rule`): a record outside it is "Row not found" (404); after an insert or update, a
 *   record that left the rule is refused (403) inside the write's transaction, which the driver
 *   rolls back, so nothing stays written (PostgreSQL's `WITH CHECK`);
 * - `@me` binds the reader's user id and e-mail as values (db/access/me.ts): a rule on a text or
 *   e-mail column of the source matches either; a "Created by" column the app added holds ids.
 *   An anonymous reader matches no `@me` condition.
 */
import { anyRules } from "../rows/table-ref";
import { narrowing, ruleFrag } from "../access/narrow";
import type { Reader } from "../access/reader";
import { missing, refused } from "../errors";
import type { Dialect } from "../fields/types";
import { ident, render, sql } from "../query/sql";
import type { ProjectStore } from "../store/store";
import type { Queryable, SqlTarget } from "./driver";
import { keyCond, tableSql, type ExtTable } from "./table";

/** The table as `reader` may see it; the table itself for readers with full access. */
export function narrowedExt(store: ProjectStore, t: ExtTable, reader: Reader | null | undefined, d: Dialect): ExtTable {
  if (!reader || !anyRules(store, reader)) return t;
  const now = new Date();
  const id = t.ref.model.id;
  const n = narrowing(store, id, reader.role);
  const denied = new Map<string, "hidden" | "read-only">();
  for (const c of t.all) {
    const mode = n.hidden.has(c.id) ? "hidden" : n.readOnly.has(c.id) ? "read-only" : null;
    if (!mode) continue;
    denied.set(c.title, mode);
    if (c.columnName) denied.set(c.columnName, mode);
  }
  const cols = t.cols.filter((c) => !n.hidden.has(c.id));
  return {
    ...t,
    cols,
    // `all` stays whole: links name their key columns through it, hidden or not (computedOf skips `hidden`).
    hidden: n.hidden,
    links: t.links.filter((l) => !n.hidden.has(l.col.id)),
    ref: { ...t.ref, cols, access: { reader, rule: ruleFrag(store, id, reader, undefined, now, d), denied } },
    restrict: (target, alias) => ruleFrag(store, target, reader, alias, now, d),
  };
}

/** Whether the record with these key values is within the reader's rule (true without one). */
async function withinRule(q: Queryable, t: ExtTable, src: SqlTarget, keys: unknown[]): Promise<boolean> {
  const rule = t.ref.access?.rule;
  if (!rule) return true;
  const d = src.dialect;
  const s = render(
    sql`SELECT 1 AS ${ident(d, "ok")} FROM ${tableSql(src, t.ref.model.tableName)} WHERE ${keyCond(d, t, keys)} AND (${rule})`,
    d,
  );
  return (await q.query(s.sql, s.params)).length > 0;
}

/** Updates, deletes and links: a record outside the rule is not there for the reader. */
export async function requireVisible(
  q: Queryable,
  t: ExtTable,
  src: SqlTarget,
  keys: unknown[],
  label = "Row not found",
) {
  if (!(await withinRule(q, t, src, keys))) throw missing(label);
}

/** After an insert or update, in its transaction: the record must still match the rule. */
export async function withCheck(q: Queryable, t: ExtTable, src: SqlTarget, keys: unknown[], i = 0, total = 1) {
  if (await withinRule(q, t, src, keys)) return;
  const which = total > 1 ? `Row ${i + 1}: the record` : "The record";
  throw refused(
    `${which} would be outside the rows your role (${t.ref.access!.reader.role}) may see; nothing was written`,
  );
}
