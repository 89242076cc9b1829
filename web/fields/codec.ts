/**
 * A column's values between the API, the screen and the clipboard, through the field registry
 * (db/fields). Rules:
 * - Text for copy and for a text editor: the API value read with `fromApi`, written with
 *   `formatText`; a value the type refuses shows as plain text rather than disappearing.
 * - Typed or pasted text is read with `parseText` in the reader's language ("19,99" in German: the
 *   registry's `ctx.locale`) and sent as `toApi` of the result, so the API gets a JSON number; its
 *   error is the registry's sentence naming the column, in the reader's language when the web
 *   knows it (locales `msg.field`).
 * - A value from a picker (checkbox, select, date input) goes through `fromApi` the same way.
 * - Read-only: virtual types, the key, auto-increment and system columns, and CreateTime; and a
 *   field the caller's role may only read (`access: "read-only"` in the table meta).
 */
import { fieldContext, fieldType, type AnyFieldType } from "../../db/fields/registry";
import type { FieldContext, Result } from "../../db/fields/types";
import type { Column } from "../api/types";
import { localText, readerLanguage } from "../lib/api-errors";

export interface ColumnCodec {
  column: Column;
  type: AnyFieldType;
  ctx: FieldContext<Record<string, unknown>>;
  readOnly: boolean;
  toText(value: unknown): string;
  fromText(text: string): Result<unknown>;
  fromValue(value: unknown): Result<unknown>;
}

/** Keys, creation time and computed fields (the registry's `readOnly`), and system columns. */
export function isReadOnlyColumn(column: Column): boolean {
  const type = fieldType(column.uidt);
  return (
    !type ||
    type.virtual ||
    column.pk ||
    Boolean(column.ai) ||
    column.system ||
    type.readOnly ||
    column.access === "read-only"
  );
}

export function codecFor(column: Column): ColumnCodec {
  const type = fieldType(column.uidt) ?? fieldType("SingleLineText");
  const raw = { ...(column.meta ?? {}), ...(column.colOptions ?? {}) };
  const parsed = fieldContext(column.uidt, column.title, raw);
  const ctx = parsed.ok ? parsed.value : { title: column.title, options: raw };
  const send = (r: Result<string | number | null>): Result<unknown> =>
    r.ok ? { ok: true, value: type.toApi(r.value, ctx) } : { ok: false, error: localText(r.error) };
  return {
    column,
    type,
    ctx,
    readOnly: isReadOnlyColumn(column),
    toText(value) {
      if (value === null || value === undefined || value === "") return "";
      if (type.virtual) return virtualText(value);
      // A person arrives as {id, email, display_name}: its text is the type's (the e-mail).
      if (type.writtenBy) return type.formatText(JSON.stringify(value), ctx);
      const stored = type.fromApi(value, ctx);
      return stored.ok
        ? type.formatText(stored.value, ctx)
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
    },
    fromText: (text) => send(type.parseText(text, { ...ctx, locale: readerLanguage() })),
    fromValue: (value) => send(type.fromApi(value, ctx)),
  };
}

/** Links and lookups arrive as records or lists of them: show their display values. */
export function virtualText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value))
    return value
      .map(virtualText)
      .filter((s) => s !== "")
      .join(", ");
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([k]) => k !== "Id" && k !== "id");
    const shown = entries.find(([, v]) => typeof v === "string" || typeof v === "number") ?? entries[0];
    return shown ? virtualText(shown[1]) : "";
  }
  return String(value);
}
