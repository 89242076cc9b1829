/** A stored column's settings and API value as the computed columns read them (db/query/computed.ts). */
import { fieldType, parseOptions } from "../fields/registry";
import type { Dialect, UIType } from "../fields/types";
import type { ColumnRow } from "../store/schema";
import { fromDialectValue } from "./dialect-values";
import { dialectOf } from "./dialects";

export function optionsOf(c: ColumnRow): Record<string, unknown> {
  const raw = { ...JSON.parse(c.meta), ...(c.colOptions ? JSON.parse(c.colOptions) : {}) };
  const res = parseOptions(c.uidt as UIType, raw);
  return res.ok ? (res.value as Record<string, unknown>) : raw;
}

/** A selected value that is JSON text (SQLite, MySQL) or already parsed (PostgreSQL). */
export const parsed = (raw: unknown) => (typeof raw === "string" ? JSON.parse(raw) : raw);

/** A stored column's value as the API gives it (contract 1.11), from the dialect's form. */
export function apiValue(col: ColumnRow, raw: unknown, d: Dialect) {
  if (!col.columnName || raw === null) return raw;
  const value = dialectOf(d).canonicalValues ? raw : fromDialectValue(col.uidt as UIType, raw, d);
  return fieldType(col.uidt as UIType).toApi(value as string | number, { title: col.title, options: optionsOf(col) });
}
