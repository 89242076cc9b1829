/**
 * Link values as rows carry them (API-CONTRACT 1.11). Rules:
 * - hm/mm links are arrays of records, bt links one record or null; a record holds the linked
 *   row's key first and its display value last (one entry when the key is the display value).
 * - Lookups are arrays (through hm/mm) or single values (through bt); items may be records too.
 * - A cell shows at most `max` chips; the rest is counted, and at LINKS_PER_ROW the row may hold
 *   only part of the links, so the count is open-ended.
 */
import type { LinkType, RowKey } from "../api/links-api";
import type { Column, TableMeta } from "../api/types";
import { ApiError } from "../lib/api-errors";
import { keySpecOf, rowIdOf } from "../lib/row-id";
import { virtualText } from "../fields/codec";

export interface LinkedRecord {
  key: RowKey | null;
  label: string;
}

/** The server embeds at most this many linked records per row. */
export const LINKS_PER_ROW = 25;
export const ALREADY_LINKED = "This record is already linked";

export function linkTypeOf(column: Column): LinkType | null {
  const type = column.colOptions?.type;
  return type === "hm" || type === "bt" || type === "mm" ? type : null;
}

export function relatedTableOf(column: Column): string | null {
  const id = column.colOptions?.fk_related_model_id;
  return typeof id === "string" && id !== "" ? id : null;
}

function recordOf(item: unknown): LinkedRecord | null {
  if (item === null || item === undefined) return null;
  if (typeof item !== "object" || Array.isArray(item)) return { key: null, label: virtualText(item) };
  const entries = Object.entries(item as Record<string, unknown>);
  if (entries.length === 0) return null;
  const first = entries[0]![1];
  const key = typeof first === "number" || typeof first === "string" ? first : null;
  return { key, label: virtualText(entries[entries.length - 1]![1]) };
}

/** The linked records of a link value (hm/mm array, bt object or null). */
export function linkedRecords(value: unknown): LinkedRecord[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map(recordOf).filter((r): r is LinkedRecord => r !== null);
}

/** A lookup value as display texts (blank items dropped). */
export function lookupTexts(value: unknown): string[] {
  if (value === null || value === undefined || value === "") return [];
  const items = Array.isArray(value) ? value.flat() : [value];
  return items.map((v) => virtualText(v)).filter((s) => s !== "");
}

export interface ChipPlan<T> {
  shown: T[];
  /** How many more there are; `open` when the row may hold only part of them. */
  more: number;
  open: boolean;
}

export function planChips<T>(items: readonly T[], max: number): ChipPlan<T> {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max), open: items.length >= LINKS_PER_ROW };
}

export function isAlreadyLinked(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.message === ALREADY_LINKED;
}

/** The column records are named by: the display value, else the key. */
export function displayColumnOf(meta: TableMeta): Column | undefined {
  return meta.columns.find((c) => c.pv) ?? meta.columns.find((c) => c.pk);
}

/** A row of the other table as a record: its key (a composite key's id `a___b`) and display text. */
export function recordOfRow(row: Record<string, unknown>, meta: TableMeta): LinkedRecord {
  const key = rowIdOf(row, keySpecOf(meta.columns));
  const display = displayColumnOf(meta);
  return {
    key: typeof key === "number" || typeof key === "string" ? key : null,
    label: display ? virtualText(row[display.title]) : "",
  };
}

/** A new row's chosen belongs-to links as row values: the linked record's key by link title. */
export function pendingValues(pending: Readonly<Record<string, LinkedRecord>>): Record<string, RowKey> {
  const out: Record<string, RowKey> = {};
  for (const [title, r] of Object.entries(pending)) if (r.key !== null) out[title] = r.key;
  return out;
}
