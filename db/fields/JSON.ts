import type { FieldContext, FieldType, Result, Stored } from "./types";
import { JSON_OPS } from "./common/ops";
import { NO_OPTIONS, type NoOptions } from "./common/options";
import { NONE, fail, isNone, ok, show } from "./common/result";
import { byDialect } from "./common/storage";
import { FORM_INPUTS } from "./form-inputs";

/**
 * Stored as compact JSON text, returned parsed. API input is any JSON value; a string is read as
 * JSON text (send "\"hi\"" for the string hi), because clients commonly send the editor's text.
 * So a cell holding a JSON string comes back as a plain string that must be quoted to write again.
 */
function fromText(text: string, ctx: FieldContext<NoOptions>): Result<Stored> {
  try {
    return fromValue(JSON.parse(text));
  } catch {
    return fail(`${ctx.title}: ${show(text)} is not valid JSON`);
  }
}

const fromValue = (value: unknown): Result<Stored> => (value === null ? NONE : ok(JSON.stringify(value)));

export const JSONField: FieldType<NoOptions> = {
  uidt: "JSON",
  virtual: false,
  kind: "json",
  readOnly: false,
  formInput: FORM_INPUTS.JSON,
  systemOnly: false,
  search: "likeWhenNamed",
  index: "none",
  groupable: false,
  importsDisplayText: false,
  options: NO_OPTIONS,
  storage: byDialect("TEXT", "jsonb", "json"),
  filterOps: JSON_OPS,
  fromApi(value, ctx) {
    if (isNone(value)) return NONE;
    if (typeof value === "string") return fromText(value, ctx);
    if (typeof value === "number" && !Number.isFinite(value)) return fail(`${ctx.title}: ${value} is not valid JSON`);
    return fromValue(value);
  },
  toApi(stored) {
    if (stored === null || typeof stored === "number") return stored;
    try {
      return JSON.parse(stored);
    } catch {
      return stored;
    }
  },
  parseText: (text, ctx) => (text.trim() === "" ? NONE : fromText(text, ctx)),
  formatText: (stored) => (stored === null ? "" : String(stored)),
};
