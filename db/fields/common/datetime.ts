/**
 * Builds DateTime and CreateTime: an instant stored as ISO UTC text `YYYY-MM-DDTHH:mm:ss.SSSZ`
 * (sorts as text), API value `YYYY-MM-DD HH:mm:ss+00:00` (API-CONTRACT 1.11 [B]). Input without
 * an offset is UTC; the text export is UTC without an offset, so it reads back the same.
 */
import { z } from "zod";
import type { FieldContext, FieldType, Result, Stored, UIType } from "../types";
import { DATE_FORMAT } from "./date-format";
import { formatDate, formatTime, isoDate, parseDateText, storedInstantApiText, toIsoUtc } from "./dates";
import { DATE_OPS } from "./ops";
import { NONE, fail, isNone, ok, show } from "./result";
import { byDialect } from "./storage";
import { FORM_INPUTS } from "../form-inputs";

export const DATE_TIME_OPTIONS = z.looseObject({
  date_format: DATE_FORMAT,
  time_format: z.string().min(1).default("HH:mm"),
});
export type DateTimeOptions = z.output<typeof DATE_TIME_OPTIONS>;

const HINT = "use YYYY-MM-DD HH:mm:ss, or DD-MM-YYYY or MM-DD-YYYY with -, / or spaces, then the time";

function accept(value: unknown, ctx: FieldContext<DateTimeOptions>): Result<Stored> {
  const parsed = typeof value === "string" ? parseDateText(value, ctx.options.date_format) : null;
  const iso = parsed && toIsoUtc(parsed);
  return iso ? ok(iso) : fail(`${ctx.title}: ${show(value)} is not a date and time (${HINT})`);
}

/** The stored text (or any driver's timestamp text) read back as UTC parts. */
function utcParts(stored: Stored) {
  const parsed = typeof stored === "string" ? parseDateText(stored) : null;
  const iso = parsed && toIsoUtc(parsed);
  return iso ? parseDateText(iso) : null;
}

/** The API text of a stored instant, or the stored value itself when it reads as no instant. */
function apiText(stored: Stored): Stored {
  const p = utcParts(stored);
  if (!p?.time) return stored;
  return `${isoDate(p.date)} ${formatTime({ ...p.time, ms: 0 })}+00:00`;
}

/**
 * apiText, fast: every page converts each row's created and updated times, and parsing them was a
 * tenth of a plain list request's Worker time (issue 14). Text in the form this app stores is read
 * by position; other text (an external database's timestamps) is parsed once and remembered, as
 * rows written together share one timestamp. Bounded, oldest first.
 */
const apiTexts = new Map<string, Stored>();
export const API_TEXT_MEMO = 4096;
function memoApiText(stored: Stored): Stored {
  if (typeof stored !== "string") return apiText(stored);
  const own = storedInstantApiText(stored);
  if (own !== null) return own;
  let text = apiTexts.get(stored);
  if (text === undefined) {
    text = apiText(stored);
    if (apiTexts.size >= API_TEXT_MEMO) apiTexts.delete(apiTexts.keys().next().value!);
    apiTexts.set(stored, text);
  }
  return text;
}

export function dateTimeType(uidt: UIType, readOnly = false): FieldType<DateTimeOptions> {
  return {
    uidt,
    virtual: false,
    kind: "datetime",
    readOnly,
    formInput: FORM_INPUTS[uidt],
    // CreateTime: the system's own column.
    systemOnly: readOnly,
    search: "eq",
    index: "eq",
    importsDisplayText: false,
    // A DateTime is a calendar's date; a CreateTime is set by the system and cannot be moved.
    ...(uidt === "DateTime" ? { viewUses: ["calendar"] as const } : {}),
    options: DATE_TIME_OPTIONS,
    storage: byDialect("TEXT", "timestamptz", "datetime(3)"),
    filterOps: DATE_OPS,
    fromApi: (value, ctx) => (isNone(value) ? NONE : accept(value, ctx)),
    toApi: memoApiText,
    parseText: (text, ctx) => (text.trim() === "" ? NONE : accept(text, ctx)),
    formatText(stored, ctx) {
      if (stored === null) return "";
      const p = utcParts(stored);
      if (!p?.time) return String(stored);
      const withSeconds = /s/.test(ctx.options.time_format);
      return `${formatDate(p.date, ctx.options.date_format)} ${formatTime(p.time, withSeconds)}`;
    },
  };
}
