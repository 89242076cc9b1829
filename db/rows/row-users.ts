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
 */
import { ident, sql, type Frag } from "../query/sql";
import type { ProjectStore } from "../store/store";
import type { Actor } from "./audit";
import type { RowColumn } from "./values";

const DIRECTORY = "_nc_row_users";

/** Records the caller when the table has a user column (inside the write's transaction). */
export function rememberWriter(store: ProjectStore, cols: RowColumn[], actor: Actor) {
  if (!actor.id || !cols.some((c) => c.stamp === "createdBy" || c.stamp === "modifiedBy")) return;
  store.exec(
    `INSERT INTO ${DIRECTORY} (id, email, display_name) VALUES (?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET email = excluded.email, display_name = excluded.display_name`,
    actor.id, actor.email, actor.name?.trim() || null,
  );
}

const ref = (tableName: string, columnName: string): Frag => sql`${ident("sqlite", tableName)}.${ident("sqlite", columnName)}`;
const directory = ident("sqlite", DIRECTORY);

/** The select-list SQL of a user column on SQLite: the directory's JSON of the id, else the id. */
export function userSelect(tableName: string, columnName: string): Frag {
  const c = ref(tableName, columnName);
  return sql`coalesce((SELECT json_object('id', u.id, 'email', u.email, 'display_name', u.display_name) FROM ${directory} u WHERE u.id = ${c}), ${c})`;
}

/** The sort SQL of a user column on SQLite: the display name, else the e-mail, else the id. */
export function userSort(tableName: string, columnName: string): Frag {
  const c = ref(tableName, columnName);
  return sql`coalesce((SELECT coalesce(nullif(u.display_name, ''), u.email) FROM ${directory} u WHERE u.id = ${c}), ${c})`;
}
