/**
 * Size limits of what the API stores. SQLite in a Durable Object refuses a string, BLOB or row
 * over 2 MB (SQLITE_TOOBIG), which would surface as a 500 mid-request; these limits refuse such
 * input first, with a 400 naming the limit. Settings (meta, options) and filter values are far
 * smaller than any real use, and every read of a table carries them.
 */
import { z } from "zod";

/** One cell value, in UTF-8 bytes. */
export const MAX_VALUE_BYTES = 1_000_000;
/** All values of one row together, in UTF-8 bytes (leaves room under the 2 MB row limit). */
export const MAX_ROW_BYTES = 1_800_000;
/** A meta or options object as JSON text. */
export const MAX_META_CHARS = 65_536;
/** One filter value. */
export const MAX_FILTER_VALUE_CHARS = 10_000;

/** UTF-8 length, counted without encoding (a surrogate pair is one 4-byte character). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export const tooBigMeta = (what: string) => `${what} is larger than ${MAX_META_CHARS / 1024} KB`;

/** True when a meta/options value (object or JSON text) fits MAX_META_CHARS. */
export function metaFits(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return (typeof value === "string" ? value : JSON.stringify(value)).length <= MAX_META_CHARS;
}

/** A zod refinement for meta fields: `meta is larger than 64 KB`. */
export const metaLimit = <T extends z.ZodType>(schema: T, what = "meta") => schema.refine(metaFits, tooBigMeta(what));

/**
 * An id, or a title standing in for one (table and project titles are at most 255 characters),
 * wherever a client names it: path, query or body. Ids are `<prefix><14 characters>`; the limit
 * only keeps an oversized string from reaching D1 or the project room (a 5 MB `fk_model_id` was
 * a 500: SQLITE_TOOBIG).
 */
export const MAX_ID_CHARS = 255;
/** A request URL, path and query together: the platform's own limit, so nothing real is refused. */
export const MAX_URL_CHARS = 16 * 1024;

/** Keys that hold ids by the contract's naming: `id`, `fk_model_id`, `row_id`, `viewId`, `ids`, `ids[]`. */
export const isIdKey = (key: string) => /(^|_)id$|^ids(\[\])?$/i.test(key) || /[a-z]Id$/.test(key);

export const tooLongId = (what: string) => `${what}: an id may be at most ${MAX_ID_CHARS} characters`;

/** The first id-named key of a JSON object whose string value is longer than MAX_ID_CHARS. */
export function overlongIdKey(value: unknown): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (!isIdKey(key)) continue;
    const list = Array.isArray(v) ? v : [v];
    if (list.some((x) => typeof x === "string" && x.length > MAX_ID_CHARS)) return key;
  }
  return undefined;
}

/**
 * What one project's database (a Durable Object's SQLite) may hold: 10 GB, read as decimal gigabytes
 * (the lower reading), for the checks before a bulk write and an import (README "Room for the size").
 */
export const PROJECT_DB_LIMIT_BYTES = 10_000_000_000;

/** The most one call to a project's room can carry (the platform's limit): no bulk write is larger. */
export const ROOM_CALL_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Bytes in decimal units, as the limit is stated: the number, the unit's place among `units` units
 * (0: bytes, 1: kilobytes...), and its decimals (one, none for bytes or from 100).
 */
export function decimalSize(bytes: number, units: number): { n: number; unit: number; digits: 0 | 1 } {
  let n = Math.max(0, bytes);
  let unit = 0;
  while (n >= 1000 && unit < units - 1) {
    n /= 1000;
    unit++;
  }
  return { n, unit, digits: unit === 0 || n >= 100 ? 0 : 1 };
}

/** Bytes as people read them: "840 KB", "12.5 MB", "9.3 GB" (decimal units, as the limit). */
export function sizeText(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  const { n, unit, digits } = decimalSize(bytes, units.length);
  return `${digits ? n.toFixed(1) : Math.round(n)} ${units[unit]}`;
}

/**
 * A Durable Object's SQLite holds at most 10 GB (README "Room for the size"); a write that would
 * pass it fails with SQLite's SQLITE_FULL and its transaction is undone whole.
 */
export const PROJECT_FULL =
  "The project is full: its database holds at most 10 GB. Nothing of this change was saved; delete records or empty the trash, or move tables to another project";

/** A bulk write refused before it starts because it would not fit (project-room.ts). */
export const projectNearlyFull = (need: number, left: number) =>
  `The project has room for about ${sizeText(left)} more, and this change needs about ${sizeText(need)}. Nothing of it was saved; delete records or empty the trash, or move tables to another project`;
