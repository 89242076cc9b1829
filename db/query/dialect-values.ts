/**
 * Canonical stored values (what the project's SQLite holds) to what pg and mysql2 bind, and what
 * they return back to the canonical form. Rules:
 * - SQLite binds and returns the canonical form itself.
 * - Per the registry's value kind (FieldType.kind) of the column's type.
 * - Checkbox: pg binds booleans, mysql 0/1; any boolean, number or "t"/"true"/"1" reads back as 0/1.
 * - DateTime/CreateTime are UTC instants: pg binds the ISO text (timestamptz), mysql binds
 *   `YYYY-MM-DD HH:mm:ss.SSS` (datetime(3) has no zone; UTC by convention). Reading accepts Date
 *   objects and any timestamp text; text without an offset is UTC. Configure mysql2 with
 *   `dateStrings: true` so DATETIME is not shifted into the Node process's zone.
 * - Date binds `YYYY-MM-DD`; a Date object read back (pg's default for DATE, mysql2 without
 *   dateStrings) is a local midnight, so its local calendar day is taken.
 * - Numbers: pg returns bigint as text; such text becomes a number when it is one.
 * - JSON/Attachment: parsed objects (pg jsonb, MySQL JSON) become compact JSON text again.
 * - SQL Server (tedious): Checkbox binds booleans (bit); DateTime binds `YYYY-MM-DD HH:mm:ss.SSS`
 *   as mysql (datetime2(3) has no zone; UTC by convention; the ISO `Z` form does not convert to
 *   datetime2). tedious returns date, datetime2 and time as Date objects read in UTC (`useUTC`),
 *   so their UTC fields are taken.
 */
import { parseDateText, toIsoUtc } from "../fields/common/dates";
import { fieldType } from "../fields/registry";
import type { Dialect, Stored, UIType, ValueKind } from "../fields/types";
import { dialectOf } from "./dialects";

/** The registry's value kind of a stored type; computed types read as text. */
const kindOf = (uidt: UIType): ValueKind => fieldType(uidt as string)?.kind ?? "text";

const isTrue = (v: unknown) => v === true || v === 1 || v === "1" || v === "t" || v === "true" || v === 1n;

/** An instant in any text form, as canonical ISO UTC; undefined when it is not one. */
function isoInstant(text: string): string | undefined {
  const parsed = parseDateText(text.replace(/(\.\d{3})\d+/, "$1"));
  return (parsed && toIsoUtc(parsed)) ?? undefined;
}

export function toDialectValue(uidt: UIType, stored: Stored, dialect: Dialect): unknown {
  const d = dialectOf(dialect);
  if (stored === null || d.canonicalValues) return stored;
  const kind = kindOf(uidt);
  if (kind === "checkbox") return d.checkboxValue(isTrue(stored));
  if (kind === "datetime" && typeof stored === "string") {
    const iso = isoInstant(stored);
    if (!iso) return stored;
    return d.instantValue(iso);
  }
  if (kind === "date" && typeof stored === "string") return stored.slice(0, 10);
  return stored;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function text(raw: unknown): string {
  if (raw instanceof Uint8Array) return new TextDecoder().decode(raw);
  if (typeof raw === "object") return JSON.stringify(raw);
  return String(raw);
}

export function fromDialectValue(uidt: UIType, raw: unknown, dialect: Dialect): Stored {
  if (raw === null || raw === undefined) return null;
  const kind = kindOf(uidt);
  if (dialectOf(dialect).utcDateObjects && raw instanceof Date && !Number.isNaN(raw.getTime())) {
    if (kind === "date") return raw.toISOString().slice(0, 10);
    if (kind === "time") return raw.toISOString().slice(11, 19);
  }
  if (kind === "checkbox") {
    if (raw instanceof Uint8Array) return raw[0] ? 1 : 0;
    return isTrue(typeof raw === "string" ? raw.toLowerCase() : raw) || (typeof raw === "number" && raw !== 0) ? 1 : 0;
  }
  if (kind === "number") {
    if (typeof raw === "number") return raw;
    const n = Number(typeof raw === "bigint" ? raw : text(raw));
    return Number.isFinite(n) ? n : text(raw);
  }
  if (kind === "datetime") {
    if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString();
    return isoInstant(text(raw)) ?? text(raw);
  }
  if (kind === "date") {
    if (raw instanceof Date) return `${pad(raw.getFullYear(), 4)}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
    const t = text(raw);
    return /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : t;
  }
  if (kind === "time") {
    const t = text(raw);
    return /^\d{2}:\d{2}:\d{2}/.test(t) ? t.slice(0, 8) : t;
  }
  if (typeof raw === "number") return raw;
  return text(raw);
}
