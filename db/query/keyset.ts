/**
 * Keyset pages (issue 36): "the rows after this one in the list's order" as a condition, so a
 * deep page seeks where the last one ended instead of counting past every row before it. Rules:
 * - The order is sortKeys' (compile-sort.ts): the list's sorts ended by the primary key, so every
 *   row has a distinct position and a cursor (the key values of the last row read) names one.
 * - SQLite's order is the one followed: NULL before every value ascending, after every value
 *   descending; text compares as ORDER BY compares it (the column's own collation, on both sides).
 *   Other dialects place NULLs and collate text in their own ways: they page by offset.
 * - Values are bound, never written into the SQL; a NULL cursor value changes the shape
 *   (`IS NULL`), as `= NULL` matches nothing.
 * - `afterSegments` splits "after" into pieces that follow each other in the order: each is an
 *   equality prefix plus one range on the next key, which an index on the keys answers by a seek;
 *   reading them one after the other until the page is full gives the rows of `afterCursor`, the
 *   single OR-chain, in the same order.
 */
import { QueryError, type Dialect } from "./types";
import { Frag, and, or, param, sql } from "./sql";
import type { SortKey } from "./compile-sort";
import { dialectOf } from "./dialects";

export type KeyValue = string | number | null;

/** A key equal to the cursor's value (null-aware). */
const equal = (k: SortKey, v: KeyValue): Frag => (v === null ? sql`${k.expr} IS NULL` : sql`${k.expr} = ${param(v)}`);

/**
 * The rows strictly after `v` on one key, as the pieces of the order they fill, first to last:
 * ascending, NULLs come first, so after a NULL is every value; descending, NULLs come last, so
 * after a value are the smaller values and then the NULLs, and after a NULL nothing.
 */
function strictlyAfter(k: SortKey, v: KeyValue): Frag[] {
  if (!k.desc) return v === null ? [sql`${k.expr} IS NOT NULL`] : [sql`${k.expr} > ${param(v)}`];
  if (v === null) return [];
  return k.notNull ? [sql`${k.expr} < ${param(v)}`] : [sql`${k.expr} < ${param(v)}`, sql`${k.expr} IS NULL`];
}

function check(keys: readonly SortKey[], values: readonly KeyValue[], dialect: Dialect) {
  if (!dialectOf(dialect).keysetPages) throw new QueryError("Cursor pages are only kept for the project's own tables");
  if (keys.length === 0 || values.length !== keys.length)
    throw new QueryError("The cursor does not belong to this sort; start again without it");
}

/**
 * "After the cursor" as disjoint conditions in the order's sequence: the ties on every key but
 * the last come first (same a, same b, later key), the rows with a later first key last.
 */
export function afterSegments(keys: readonly SortKey[], values: readonly KeyValue[], dialect: Dialect): Frag[] {
  check(keys, values, dialect);
  const out: Frag[] = [];
  for (let i = keys.length - 1; i >= 0; i--) {
    const prefix = keys.slice(0, i).map((k, j) => equal(k, values[j]!));
    for (const piece of strictlyAfter(keys[i]!, values[i]!)) out.push(and([...prefix, piece]));
  }
  return out;
}

/** "After the cursor" as one condition: `(a > ?) OR (a = ? AND b > ?) OR ...`, null-aware. */
export function afterCursor(keys: readonly SortKey[], values: readonly KeyValue[], dialect: Dialect): Frag {
  const segments = afterSegments(keys, values, dialect);
  // Only a last key that can be NULL, descending and at NULL, leaves nothing after: no row.
  return segments.length ? or(segments) : sql`0`;
}

/** A cursor value as SQLite gave it: text, a finite number or NULL (a blob cannot be a cursor). */
export function keyValue(v: unknown): KeyValue | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "bigint" && Number.isSafeInteger(Number(v))) return Number(v);
  return undefined;
}
