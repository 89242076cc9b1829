/** Column types per dialect, written as one triple per field type. */
import type { Dialect } from "../types";

export function byDialect(sqlite: string, pg: string, mysql: string): (dialect: Dialect) => string {
  const types: Record<Dialect, string> = { sqlite, pg, mysql };
  return (dialect) => types[dialect];
}
