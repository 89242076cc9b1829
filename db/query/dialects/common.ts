/**
 * SQL that several dialects write the same way, built from a dialect's own members so each
 * dialect file stays the one place its choices are made.
 */
import { Frag, join, lit, quoteWith, sql } from "../frag";
import type { SqlDialect } from "./dialect";

/** `ORDER BY .. LIMIT n OFFSET m` (every dialect but SQL Server). */
export function limitOffset(d: Pick<SqlDialect, "pageCount">, order: Frag | null, limit: number, offset: number) {
  const by = order ? sql` ORDER BY ${order}` : sql``;
  return sql`${by} LIMIT ${d.pageCount(limit)} OFFSET ${d.pageCount(offset)}`;
}

/** GREATEST/LEAST that answer blank when any argument is (PostgreSQL's and SQL Server's skip NULLs). */
export function strictExtremum(xs: Frag[], fn: "max" | "min"): Frag {
  const call = sql`${lit(fn === "max" ? "GREATEST" : "LEAST")}(${join(xs, ", ")})`;
  return sql`CASE WHEN ${join(
    xs.map((x) => sql`${x} IS NULL`),
    " OR ",
  )} THEN NULL ELSE ${call} END`;
}

/**
 * VALUE's answer from the text's digits and points: blank unless they make one number, negative
 * when the text has a `-`, a hundredth when it has a `%` (`has`: the text contains the character).
 */
export function digitsValue(d: SqlDialect, digits: Frag, has: (ch: string) => Frag): Frag {
  const points = sql`${d.textLength(digits)} - ${d.textLength(sql`replace(${digits}, '.', '')`)}`;
  return sql`CASE WHEN ${digits} = '' OR ${digits} = '.' OR ${points} > 1 THEN NULL ELSE ${d.asReal(digits)} * (CASE WHEN ${has("-")} THEN -1 ELSE 1 END) / (CASE WHEN ${has("%")} THEN 100 ELSE 1 END) END`;
}

/** `ALTER TABLE .. RENAME COLUMN` (every dialect but SQL Server). */
export const renameColumnSql = (quotes: SqlDialect["quotes"], table: string, from: string, to: string) =>
  `ALTER TABLE ${table} RENAME COLUMN ${quoteWith(quotes, from)} TO ${quoteWith(quotes, to)}`;
