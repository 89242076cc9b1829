/**
 * JSON sources (SPEC 5). Rules:
 * - the document is an array of objects or a single object (one row);
 * - with `flatten`, nested plain objects become `parent.child` keys (arrays stay values);
 * - the columns are the keys in order of first appearance over all rows;
 * - values map to cells: object or array → JSON cell, string → text, number, boolean, null.
 */
import type { Cell } from "./cells";

export type JsonSourceProblem = "notJson" | "notObjects";

export class JsonSourceError extends Error {
  constructor(readonly code: JsonSourceProblem) {
    super(code === "notJson" ? "The file is not valid JSON" : "JSON import expects an array of objects or one object");
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** `{a: {b: 1}, c: [1]}` → `{"a.b": 1, c: [1]}`; an empty nested object stays a value. */
export function flattenRecord(
  record: Record<string, unknown>,
  prefix = "",
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [key, value] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0) flattenRecord(value, path, out);
    else out[path] = value;
  }
  return out;
}

/** The rows of a parsed document: an array of objects, or one object. */
export function jsonRecords(doc: unknown): Record<string, unknown>[] {
  if (isPlainObject(doc)) return [doc];
  if (Array.isArray(doc) && doc.every(isPlainObject)) return doc;
  throw new JsonSourceError("notObjects");
}

export function jsonCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  if (typeof value === "object") return { json: value };
  return String(value);
}

export interface JsonTable {
  /** Source keys (`a.b` when flattened), in order of first appearance. */
  keys: string[];
  rows: Cell[][];
}

export function jsonTable(doc: unknown, flatten: boolean): JsonTable {
  const records = jsonRecords(doc).map((r) => (flatten ? flattenRecord(r) : r));
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    for (const k of Object.keys(r)) {
      if (seen.has(k)) continue;
      seen.add(k);
      keys.push(k);
    }
  }
  return { keys, rows: records.map((r) => keys.map((k) => jsonCell(r[k]))) };
}

/** Parses JSON text into a table; throws JsonSourceError. */
export function parseJsonSource(text: string, flatten: boolean): JsonTable {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\ufeff/, ""));
  } catch {
    throw new JsonSourceError("notJson");
  }
  return jsonTable(doc, flatten);
}
