/**
 * Column types per dialect, written as one triple per field type. SQL Server's type follows from
 * the MySQL one through MSSQL_OF: a MySQL type missing there is a type error, so every field type
 * names its T-SQL storage (text as nvarchar: Unicode; booleans as bit; instants as datetime2(3), UTC).
 */
import type { Dialect } from "../types";

const MSSQL_OF = {
  "varchar(255)": "nvarchar(255)",
  text: "nvarchar(max)",
  longtext: "nvarchar(max)",
  json: "nvarchar(max)",
  int: "int",
  bigint: "bigint",
  double: "float",
  "tinyint(1)": "bit",
  "datetime(3)": "datetime2(3)",
  date: "date",
  time: "time(0)",
} as const;

export type MysqlStorage = keyof typeof MSSQL_OF;

export function byDialect(sqlite: string, pg: string, mysql: MysqlStorage): (dialect: Dialect) => string {
  const types: Record<Dialect, string> = { sqlite, pg, mysql, mssql: MSSQL_OF[mysql] };
  return (dialect) => types[dialect];
}
