import { ident, sql, type Frag } from "./sql";

/** The room's directory of users who wrote rows (db/rows/row-users.ts keeps it). */
export const DIRECTORY = "_nc_row_users";

/**
 * The person JSON of a stored id on the room's SQLite (`{id}` when the directory does not know it;
 * NULL for none), marked as JSON (`json(...)`) so that a list lookup's json_group_array embeds it
 * as an object. Here, below db/rows, so the computed-field compiler can use it for lookups.
 */
export function userJson(c: Frag): Frag {
  return sql`CASE WHEN ${c} IS NULL THEN NULL ELSE json(coalesce((SELECT json_object('id', u.id, 'email', u.email, 'display_name', u.display_name) FROM ${ident("sqlite", DIRECTORY)} u WHERE u.id = ${c}), json_object('id', ${c}))) END`;
}
