import { DbError } from "../db/errors";
import { QueryError } from "../db/query";
import type { RoomResult } from "./room-result";

/**
 * A Durable Object's SQLite holds at most 10 GB (README "Room for the size"); a write that would
 * pass it fails with SQLite's SQLITE_FULL and its transaction is undone whole.
 */
export const PROJECT_FULL =
  "The project is full: its database holds at most 10 GB. Nothing of this change was saved; delete records or empty the trash, or move tables to another project";

/** That limit in bytes, read as decimal gigabytes (the lower reading), for the check before a bulk write. */
export const PROJECT_DB_LIMIT_BYTES = 10_000_000_000;

/** Bytes as people read them: "840 KB", "12.5 MB", "9.3 GB" (decimal units, as the limit). */
export function sizeText(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let n = Math.max(0, bytes);
  let u = 0;
  while (n >= 1000 && u < units.length - 1) {
    n /= 1000;
    u++;
  }
  return `${u === 0 || n >= 100 ? Math.round(n) : n.toFixed(1)} ${units[u]}`;
}

/** A bulk write refused before it starts because it would not fit (project-room.ts). */
export const projectNearlyFull = (need: number, left: number) =>
  `The project has room for about ${sizeText(left)} more, and this change needs about ${sizeText(need)}. Nothing of it was saved; delete records or empty the trash, or move tables to another project`;

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
