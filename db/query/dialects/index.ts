/** The SQL dialects by name (dialect.ts says what each one answers). */
import type { Dialect, SqlDialect } from "./dialect";
import { mssql } from "./mssql";
import { mysql } from "./mysql";
import { pg } from "./pg";
import { sqlite } from "./sqlite";

export type { SqlDialect } from "./dialect";

const DIALECTS: { readonly [K in Dialect]: SqlDialect } = { sqlite, pg, mysql, mssql };

export const dialectOf = (name: Dialect): SqlDialect => DIALECTS[name];
