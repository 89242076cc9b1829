import { z } from "zod";
import type { FieldContext, FieldType, Result, Stored } from "./types";
import { DURATION_FORMATS, formatDuration, fromMs, parseDuration, toMs } from "./common/duration";
import { NUMERIC_OPS } from "./common/ops";
import { NONE, fail, isNone, ok, show } from "./common/result";
import { byDialect } from "./common/storage";
import { FORM_INPUTS } from "./form-inputs";

/** Seconds; API numbers are seconds, API strings and text use the column's format (common/duration.ts). */
const options = z.looseObject({ duration: z.int().min(0).max(4).default(0) });
type Options = z.output<typeof options>;

function accept(value: unknown, ctx: FieldContext<Options>): Result<Stored> {
  let seconds: number | null = null;
  if (typeof value === "number" && Number.isFinite(value)) seconds = fromMs(toMs(value));
  else if (typeof value === "string") {
    const plain = value.trim();
    // A bare number from the API means seconds, whatever the display format.
    seconds = /^-?\d+(\.\d+)?$/.test(plain) ? fromMs(toMs(+plain)) : parseDuration(plain, ctx.options.duration);
  }
  return seconds === null ? invalid(value, ctx) : ok(seconds);
}

function invalid(value: unknown, ctx: FieldContext<Options>): Result<Stored> {
  return fail(
    `${ctx.title}: ${show(value)} is not a duration (use ${DURATION_FORMATS[ctx.options.duration] ?? "h:mm"})`,
  );
}

export const DurationField: FieldType<Options> = {
  uidt: "Duration",
  virtual: false,
  kind: "number",
  readOnly: false,
  formInput: FORM_INPUTS.Duration,
  systemOnly: false,
  search: "eq",
  index: "eq",
  importsDisplayText: false,
  options,
  storage: byDialect("REAL", "double precision", "double"),
  filterOps: NUMERIC_OPS,
  fromApi: (value, ctx) => (isNone(value) ? NONE : accept(value, ctx)),
  toApi: (stored) => (stored === null || stored === "" ? null : Number(stored)),
  parseText(text, ctx) {
    if (text.trim() === "") return NONE;
    const seconds = parseDuration(text, ctx.options.duration);
    return seconds === null ? invalid(text, ctx) : ok(seconds);
  },
  formatText(stored, ctx) {
    if (stored === null) return "";
    const n = Number(stored);
    return Number.isFinite(n) ? formatDuration(n, ctx.options.duration) : String(stored);
  },
};
