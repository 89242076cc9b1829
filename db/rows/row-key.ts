import { missing } from "../errors";

/** A row id from a URL or body as the table's integer key; anything else is a missing row (404). */
export function rowKey(id: unknown): number {
  const n = typeof id === "number" ? id : typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw missing("Row not found");
  return n;
}
