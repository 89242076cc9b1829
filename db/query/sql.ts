/**
 * SQL fragments that keep text and values apart. Rules:
 * - Text enters only through the `sql` template (literal parts written in this folder) and
 *   `ident` (quoted identifiers); every value is a bound parameter made with `param`.
 * - `render` numbers placeholders per dialect (`?` for sqlite/mysql, `$1..$n` for pg, `@p1..@pn` for
 *   mssql, which tedious binds by name) and enforces
 *   the D1 / Durable Object limits: at most 100 parameters and under 100 KB of text per statement.
 * - On mssql a bound value spliced into the statement more than once (the same `param` fragment,
 *   which T-SQL often must name twice: a formula's comparison as a value, exact text equality) is
 *   bound once and named again, since parameters are names there.
 */
import type { Dialect } from "../fields/types";
import { QueryError, type Compiled } from "./compiled";
import { dialectOf } from "./dialects";
import { Frag, quoteWith, sql, type Chunk } from "./frag";

export { Frag, and, join, lit, not, or, param, paren, sql } from "./frag";

export const MAX_PARAMS = 100;
export const MAX_SQL_BYTES = 100_000;

/** A quoted identifier; embedded closing quote characters are doubled (SQL Server: `[a]]b]`). */
export function ident(dialect: Dialect, name: string): Frag {
  if (name === "" || name.includes("\0")) throw new QueryError(`Invalid identifier ${JSON.stringify(name)}`);
  return new Frag([quoteWith(dialectOf(dialect).quotes, name)]);
}

/**
 * A table as a statement names it: the quoted name, or `[schema].[name]` when the source's tables
 * live in a schema that unqualified names do not reach (`dbSchema`: SQL Server on a schema other
 * than the login's default, db/external/mssql.ts). The one place a table name becomes SQL: the
 * query compiler, the external row engine and the DDL all name tables through it. Sources whose
 * session reaches the schema itself (PostgreSQL's search_path, MySQL's database) pass none, so
 * their statements name tables bare.
 */
export function tableIdent(dialect: Dialect, name: string, dbSchema?: string | null): Frag {
  const table = ident(dialect, name);
  return dbSchema ? new Frag([`${ident(dialect, dbSchema).chunks[0] as string}.${table.chunks[0] as string}`]) : table;
}

/**
 * A table as a FROM item: qualified, it keeps its own name as its alias (`[s].[t] AS [t]`), since
 * computed columns reach the row they belong to as `[t].[column]` (computed.ts).
 */
export function tableSource(dialect: Dialect, name: string, dbSchema?: string | null): Frag {
  const table = tableIdent(dialect, name, dbSchema);
  return dbSchema ? sql`${table} AS ${ident(dialect, name)}` : table;
}

/** A quoted identifier as text, for DDL written outside the compiler (tests, schema engines). */
export const quoteIdent = (dialect: Dialect, name: string): string => ident(dialect, name).chunks[0] as string;

/** A table's name as text (tableIdent), for DDL written outside the compiler. */
export const quoteTable = (dialect: Dialect, name: string, dbSchema?: string | null): string =>
  tableIdent(dialect, name, dbSchema).chunks[0] as string;

export function countParams(frag: Frag): number {
  return frag.chunks.filter((c) => typeof c !== "string").length;
}

export function render(frag: Frag, dialect: Dialect): Compiled {
  const { placeholder, namedParams } = dialectOf(dialect);
  let text = "";
  const params: unknown[] = [];
  const named = new Map<Chunk, number>();
  for (const chunk of frag.chunks) {
    if (typeof chunk === "string") text += chunk;
    else if (named.has(chunk)) text += placeholder(named.get(chunk)!);
    else {
      params.push(chunk.value);
      if (namedParams) named.set(chunk, params.length);
      text += placeholder(params.length);
    }
  }
  if (params.length > MAX_PARAMS) {
    throw new QueryError(`Filter is too large: ${params.length} values to bind, at most ${MAX_PARAMS} per statement`);
  }
  const bytes = new TextEncoder().encode(text).length;
  if (bytes >= MAX_SQL_BYTES) {
    throw new QueryError(`Filter is too large: the statement has ${bytes} bytes, it must stay under ${MAX_SQL_BYTES}`);
  }
  return { sql: text, params };
}

/** The SQL that stands for a column in where and sort: its expression when computed, else its name. */
export const columnRef = (dialect: Dialect, column: { columnName: string; expr?: Frag }): Frag =>
  column.expr ?? ident(dialect, column.columnName);
