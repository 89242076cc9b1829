import type { FieldContext, FieldType, Result, Stored } from "./types";
import { SINGLE_SELECT_OPS } from "./common/ops";
import { NONE, fail, isNone, ok } from "./common/result";
import { matchOption, notAnOption, selectOptionsSchema, type SelectOptions } from "./common/select";
import { byDialect } from "./common/storage";
import { FORM_INPUTS } from "./form-inputs";

/** Stored as the option title; the value must be one of the column's options. */
function accept(value: unknown, ctx: FieldContext<SelectOptions>): Result<Stored> {
  const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : null;
  if (text !== null && text.trim() === "") return NONE;
  const title = text === null ? undefined : matchOption(ctx.options, text);
  return title === undefined ? fail(notAnOption(ctx.title, ctx.options, value)) : ok(title);
}

export const SingleSelectField: FieldType<SelectOptions> = {
  uidt: "SingleSelect",
  virtual: false,
  kind: "select",
  readOnly: false,
  formInput: FORM_INPUTS.SingleSelect,
  systemOnly: false,
  search: "like",
  index: "eq",
  importsDisplayText: true,
  viewUses: ["stack"],
  options: selectOptionsSchema(false),
  storage: byDialect("TEXT", "text", "varchar(255)"),
  filterOps: SINGLE_SELECT_OPS,
  fromApi: (value, ctx) => (isNone(value) ? NONE : accept(value, ctx)),
  toApi: (stored) => stored,
  parseText: (text, ctx) => accept(text, ctx),
  formatText: (stored) => (stored === null ? "" : String(stored)),
};
