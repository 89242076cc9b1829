import type { FieldContext, FieldType, Result, Stored } from "./types";
import { formatTime, parseTimeText } from "./common/dates";
import { TIME_OPS } from "./common/ops";
import { NO_OPTIONS, type NoOptions } from "./common/options";
import { NONE, fail, isNone, ok, show } from "./common/result";
import { byDialect } from "./common/storage";
import { FORM_INPUTS } from "./form-inputs";

/**
 * A time of day stored `HH:mm:ss` (milliseconds dropped). Older GUIs send a full
 * `YYYY-MM-DD HH:mm:ss` for Time cells, so a leading date is accepted and ignored.
 */
function accept(value: unknown, ctx: FieldContext<NoOptions>): Result<Stored> {
  const t = typeof value === "string" ? parseTimeText(value) : null;
  return t
    ? ok(formatTime({ ...t, ms: 0 }))
    : fail(`${ctx.title}: ${show(value)} is not a time (use HH:mm or HH:mm:ss)`);
}

export const TimeField: FieldType<NoOptions> = {
  uidt: "Time",
  virtual: false,
  kind: "time",
  readOnly: false,
  formInput: FORM_INPUTS.Time,
  systemOnly: false,
  search: "eq",
  index: "eq",
  importsDisplayText: false,
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "time", "time"),
  filterOps: TIME_OPS,
  fromApi: (value, ctx) => (isNone(value) ? NONE : accept(value, ctx)),
  toApi: (stored) => stored,
  parseText: (text, ctx) => (text.trim() === "" ? NONE : accept(text, ctx)),
  formatText: (stored) => (stored === null ? "" : String(stored)),
};
