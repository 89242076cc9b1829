import type { FieldContext, FieldType, Result, Stored } from "./types";
import { MULTI_SELECT_OPS } from "./common/ops";
import { NONE, fail, isNone, ok, show } from "./common/result";
import { matchOption, notAnOption, selectOptionsSchema, type SelectOptions } from "./common/select";
import { byDialect } from "./common/storage";
import { FORM_INPUTS } from "./form-inputs";

/**
 * Stored and returned as comma-joined titles in option order ("a,b"); input is an array of titles
 * or a comma string. Every part must be an option; repeats are dropped, blank parts ignored.
 */
function accept(value: unknown, ctx: FieldContext<SelectOptions>): Result<Stored> {
  if (typeof value !== "string" && !Array.isArray(value))
    return fail(`${ctx.title}: ${show(value)} is not a list of options`);
  // Titles cannot hold commas, so array items are split too: ["a,b"] is ["a", "b"].
  const parts: unknown[] = [value].flat().flatMap((p) => (typeof p === "string" ? p.split(",") : [p]));
  const chosen = new Set<string>();
  for (const part of parts) {
    if (part === null || part === undefined || (typeof part === "string" && part.trim() === "")) continue;
    const text = typeof part === "string" ? part : typeof part === "number" ? String(part) : null;
    const title = text === null ? undefined : matchOption(ctx.options, text);
    if (title === undefined) return fail(notAnOption(ctx.title, ctx.options, part));
    chosen.add(title);
  }
  if (chosen.size === 0) return NONE;
  return ok(
    ctx.options.options
      .filter((o) => chosen.has(o.title))
      .map((o) => o.title)
      .join(","),
  );
}

export const MultiSelectField: FieldType<SelectOptions> = {
  uidt: "MultiSelect",
  virtual: false,
  kind: "multi",
  readOnly: false,
  formInput: FORM_INPUTS.MultiSelect,
  systemOnly: false,
  search: "like",
  index: "eq",
  importsDisplayText: true,
  options: selectOptionsSchema(true),
  storage: byDialect("TEXT", "text", "text"),
  filterOps: MULTI_SELECT_OPS,
  fromApi: (value, ctx) => (isNone(value) ? NONE : accept(value, ctx)),
  toApi: (stored) => stored,
  parseText: (text, ctx) => accept(text, ctx),
  formatText: (stored) => (stored === null ? "" : String(stored)),
};
