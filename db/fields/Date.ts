import { z } from "zod";
import type { FieldContext, FieldType, Result, Stored } from "./types";
import { DATE_FORMAT } from "./common/date-format";
import { formatDate, isoDate, isStoredDay, parseDateText } from "./common/dates";
import { DATE_OPS } from "./common/ops";
import { NONE, fail, isNone, ok, show } from "./common/result";
import { byDialect } from "./common/storage";
import { FORM_INPUTS } from "./form-inputs";

/** A calendar day, stored `YYYY-MM-DD`; a time part in the input is ignored. */
const options = z.looseObject({ date_format: DATE_FORMAT });
type Options = z.output<typeof options>;

const HINT = "use YYYY-MM-DD, DD-MM-YYYY, MM-DD-YYYY with -, / or spaces";

function accept(value: unknown, ctx: FieldContext<Options>): Result<Stored> {
  if (typeof value === "string" && isStoredDay(value)) return ok(value);
  const parsed = typeof value === "string" ? parseDateText(value, ctx.options.date_format) : null;
  return parsed ? ok(isoDate(parsed.date)) : fail(`${ctx.title}: ${show(value)} is not a date (${HINT})`);
}

/** Stored text may come from other drivers with a time attached; the day is its first 10 characters. */
const day = (stored: Stored) =>
  typeof stored === "string" && /^\d{4}-\d{2}-\d{2}/.test(stored) ? stored.slice(0, 10) : stored;

export const DateField: FieldType<Options> = {
  uidt: "Date",
  virtual: false,
  kind: "date",
  readOnly: false,
  formInput: FORM_INPUTS.Date,
  systemOnly: false,
  search: "eq",
  index: "eq",
  importsDisplayText: false,
  viewUses: ["calendar"],
  options,
  storage: byDialect("TEXT", "date", "date"),
  filterOps: DATE_OPS,
  fromApi: (value, ctx) => (isNone(value) ? NONE : accept(value, ctx)),
  toApi: (stored) => day(stored),
  parseText: (text, ctx) => (text.trim() === "" ? NONE : accept(text, ctx)),
  formatText(stored, ctx) {
    if (stored === null) return "";
    const parsed = parseDateText(String(day(stored)));
    return parsed ? formatDate(parsed.date, ctx.options.date_format) : String(stored);
  },
};
