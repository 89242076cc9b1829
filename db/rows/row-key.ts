import { missing } from "../errors";

/** A path or body row id as the integer key; anything else names no row. */
export function rowKey(id: unknown): number {
  const n = typeof id === "number" ? id : typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw missing("Row not found");
  return n;
}
