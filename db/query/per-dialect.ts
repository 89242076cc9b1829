/**
 * The one place a choice between dialects is written as a table: every dialect must be named, so
 * adding one to `Dialect` makes the compiler list each choice that has no answer for it yet.
 * Choices are thunks, so only the chosen dialect's SQL is built.
 */
import type { Dialect } from "../fields/types";

export function perDialect<T>(d: Dialect, choices: { readonly [K in Dialect]: () => T }): T {
  return choices[d]();
}

/** SQL Server's exact, code-point collation: no case or accent folding, ordered by code unit. */
export const MSSQL_BINARY = "Latin1_General_100_BIN2";

/**
 * SQL Server's exact collation that also knows supplementary characters (SQL Server 2019+; every
 * `_UTF8` collation is supplementary-aware): LEN, SUBSTRING, LEFT, RIGHT and CHARINDEX count an
 * emoji as one character under it, as two (its UTF-16 surrogates) under MSSQL_BINARY. Formulas use it
 * for their character functions (db/formula/sqlkit.ts `chars`), on nvarchar values only.
 */
export const MSSQL_CHARS = "Latin1_General_100_BIN2_UTF8";
