/**
 * The room's directory of the users who wrote rows (`_nc_row_users`), behind "Created by" and
 * "Last modified by" columns. Rules:
 * - Each write that stamps a user column records its caller (id, e-mail, first and last name) in
 *   the same transaction, so every id a row holds is in the directory with the name the user had
 *   at their latest write. A visitor without an account (empty id) stamps nothing.
 * - Reads join it in SQL: the select list turns the stored id into the API's
 *   `{id, email, display_name}` JSON text (one correlated look-up by primary key per row of the
 *   page, no query per row from JavaScript), and a sort orders by the display name, else the
 *   e-mail. An id the directory does not know comes back bare (`{id}`).
 * - Filters compare the stored id (db/query/user-ops.ts); nothing here changes them.
 * - Readers without an account (shared views, shared bases) never get members' e-mail addresses,
 *   as presence and socket events do not give them (realtime/presence.ts): the values keep the
 *   id and the display name, and CSV export writes the display name.
 */
import { fieldType } from "../fields/registry";
import type { UIType } from "../fields/types";
import { ident, sql, type Frag } from "../query/sql";
import { DIRECTORY, userJson } from "../query/user-json";
import type { ProjectStore } from "../store/store";
import type { Actor } from "./audit";
import type { RowColumn } from "./row-codec";
import type { RowScope } from "../views/scope";

/** Records the caller when the table has a user column (inside the write's transaction). */
export function rememberWriter(store: ProjectStore, cols: readonly RowColumn[], actor: Actor | undefined) {
  if (!actor?.id || !cols.some(isUserColumn)) return;
  store.exec(
    `INSERT INTO ${DIRECTORY} (id, email, display_name) VALUES (?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET email = excluded.email, display_name = excluded.display_name`,
    actor.id,
    actor.email,
    actor.name?.trim() || null,
  );
}

const ref = (tableName: string, columnName: string): Frag =>
  sql`${ident("sqlite", tableName)}.${ident("sqlite", columnName)}`;
const directory = ident("sqlite", DIRECTORY);

/** The select-list SQL of a user column on SQLite: the directory's JSON of the id, else the id. */
export function userSelect(tableName: string, columnName: string): Frag {
  return userJson(ref(tableName, columnName));
}

/** The sort SQL of a user column on SQLite: the display name, else the e-mail, else the id. */
export function userSort(tableName: string, columnName: string): Frag {
  const c = ref(tableName, columnName);
  return sql`coalesce((SELECT coalesce(nullif(u.display_name, ''), u.email) FROM ${directory} u WHERE u.id = ${c}), ${c})`;
}

/**
 * API rows whose user values are bare ids (an external database holds only the id) completed
 * from the directory: one query for the page, by primary key.
 */
export function withDirectory(store: ProjectStore, cols: readonly RowColumn[], rows: Array<Record<string, unknown>>) {
  const users = cols.filter(isUserColumn);
  if (!users.length || !rows.length) return rows;
  const ids = new Set<string>();
  for (const row of rows)
    for (const c of users) {
      const v = row[c.title] as { id?: unknown } | null | undefined;
      if (v && typeof v.id === "string") ids.add(v.id);
    }
  if (!ids.size) return rows;
  const known = new Map(
    store
      .exec(
        `SELECT id, email, display_name FROM ${DIRECTORY} WHERE id IN (SELECT value FROM json_each(?))`,
        JSON.stringify([...ids]),
      )
      .map((u) => [
        String(u.id),
        { id: String(u.id), email: String(u.email), display_name: (u.display_name as string | null) ?? null },
      ]),
  );
  for (const row of rows)
    for (const c of users) {
      const v = row[c.title] as { id?: unknown } | null | undefined;
      const user = v && typeof v.id === "string" ? known.get(v.id) : undefined;
      if (user) row[c.title] = user;
    }
  return rows;
}

/**
 * Whether the reader has no account: a scope from a shared view (no caller) or a shared-base
 * visitor (a caller without an id). No scope at all is the server reading for itself.
 */
export const anonymousReader = (scope: RowScope | undefined): boolean => scope !== undefined && !scope.caller?.userId;

const isUserColumn = (c: RowColumn) => c.stamp === "createdBy" || c.stamp === "modifiedBy";

/** A person value (or a lookup's list of them) without e-mail addresses. */
function nameOnly(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(nameOnly);
  if (!v || typeof v !== "object" || !("email" in v)) return v;
  const { email: _email, ...rest } = v as Record<string, unknown>;
  return rest;
}

/**
 * API rows without the e-mail addresses of their person values (for anonymous readers): the
 * person columns and the lookups that resolve to one (a computed column's `uidt` is its result type).
 */
export function withoutEmails<R extends Record<string, unknown>>(
  columns: ReadonlyArray<{ title: string; uidt: UIType }>,
  rows: R[],
): R[] {
  const people = columns.filter((c) => fieldType(c.uidt)?.writtenBy);
  if (!people.length) return rows;
  for (const row of rows)
    for (const c of people)
      if (Object.hasOwn(row, c.title)) (row as Record<string, unknown>)[c.title] = nameOnly(row[c.title]);
  return rows;
}
