import { DbError } from "../db/errors";
import { PROJECT_FULL } from "../db/limits";
import { QueryError } from "../db/query";
import type { RoomResult } from "./room-result";

export const TOO_MANY_COLUMNS =
  "A table can hold at most 100 stored columns (its key, timestamps and link keys count; links, lookups, rollups and formulas do not)";

/**
 * A room call's refusals as answers: the caller's bad input (db/ errors, SQLite's own refusals of
 * an oversize value or a table too wide) becomes a RoomResult; anything else is a fault and throws.
 */
export function guard<T>(fn: () => T): RoomResult<T> {
  try {
    return { ok: true, data: fn() };
  } catch (err) {
    if (err instanceof DbError || err instanceof QueryError) return { ok: false, status: err.status, msg: err.message };
    // A backstop behind the size limits (db/limits.ts): SQLite's own refusal of an oversize
    // string or row is the caller's input, not a fault of the server.
    if (err instanceof Error && /SQLITE_TOOBIG|string or blob too big/i.test(err.message)) {
      return { ok: false, status: 400, msg: "A value is larger than the database accepts (2 MB)" };
    }
    if (err instanceof Error && /SQLITE_FULL|database or disk is full/i.test(err.message))
      return { ok: false, status: 413, msg: PROJECT_FULL };
    // A Durable Object's SQLite holds at most 100 columns a table; the schema change is undone.
    if (err instanceof Error && /too many columns/i.test(err.message))
      return { ok: false, status: 400, msg: TOO_MANY_COLUMNS };
    throw err;
  }
}
