/**
 * SQL that several dialects write the same way, built from a dialect's own members so each
 * dialect file stays the one place its choices are made.
 */
import { Frag, join, lit, quoteWith, sql } from "../frag";
import type { MissingName, SqlDialect } from "./dialect";

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

/**
 * The members of a dialect whose booleans are values (every dialect but SQL Server): a condition is
 * a value and back, so they give their input unchanged; `self` is the dialect itself.
 */
export function conditionsAsValues(self: () => SqlDialect) {
  return {
    conditionsAreValues: true,
    condConst: (b: boolean) => self().boolConst(b),
    conditionValue: (cond: Frag) => cond,
    holds: (cond: Frag) => cond,
    flagValue: (cond: Frag) => cond,
    valueCondition: (value: Frag) => value,
    numberTruthy: (x: Frag) => sql`COALESCE(${x} <> 0, ${self().boolConst(false)})`,
    textTruthy: (x: Frag) => sql`COALESCE(${self().textLength(x)} > 0, ${self().boolConst(false)})`,
  } satisfies Partial<SqlDialect>;
}

/** Schema changes written the standard way (SQLite and PostgreSQL; MySQL changes two). */
export function standardDdl(quotes: SqlDialect["quotes"]) {
  return {
    addColumn: "ADD COLUMN",
    renameColumn: (table: string, from: string, to: string) =>
      `ALTER TABLE ${table} RENAME COLUMN ${quoteWith(quotes, from)} TO ${quoteWith(quotes, to)}`,
    renameTable: (from: string, to: string) => `ALTER TABLE ${from} RENAME TO ${quoteWith(quotes, to)}`,
    addForeignKeyColumn: (table: string, col: string, type: string, constraint: string, refs: string) =>
      `ALTER TABLE ${table} ADD COLUMN ${col} ${type} CONSTRAINT ${constraint} ${refs}`,
  } satisfies Partial<SqlDialect>;
}

/**
 * The missing column or table a refusal's message names, when `is(kind)` says the refusal is of
 * that kind (by the dialect's code). `pattern`: the message with the name as its first group;
 * a qualifier (`t.col`, `db.table`) is dropped.
 */
export function missingIn(
  message: string,
  kinds: ReadonlyArray<[kind: MissingName["kind"], is: boolean, pattern: RegExp]>,
): MissingName | null {
  for (const [kind, is, pattern] of kinds) {
    if (!is) continue;
    const named = pattern.exec(message)?.[1] ?? "";
    return { kind, name: named.split(".").pop() || named };
  }
  return null;
}
