import { z } from "zod";
import type { ViewRow } from "../store/schema";
import { filterInput } from "./inputs";

/**
 * A view's colour rules (issue 37): an ordered list of rules, each a condition in the view filter
 * shape (contract 4.6, the same objects as `filterArrJson`) with a colour from a fixed palette and
 * a target, the whole row or one field's cell; and optionally "colour records by a select field"
 * (the option's own colour), which colours the rows no row rule matched. Kept in the view's `meta`
 * JSON under `colour_rules` (no migration; NocoDB keeps its row colouring in view meta too), written
 * only through the colour rules route, which checks fields and operators (colour-rules.ts).
 */

import { COLOUR_PALETTE, type PaletteColour } from "./colour-palette";

export { COLOUR_PALETTE, type PaletteColour };

/** Enough for any view a person builds by hand; each rule is one CASE branch of the list read. */
export const MAX_COLOUR_RULES = 20;

const COLOURS = `one of ${COLOUR_PALETTE.join(", ")}`;

export const colourRuleInput = z.object({
  id: z.string().max(40, "must be at most 40 characters").optional(),
  colour: z.enum(COLOUR_PALETTE, { error: `must be ${COLOURS}` }),
  target: z.enum(["row", "cell"], { error: "must be row or cell" }).default("row"),
  /** The field whose cell a `cell` rule colours. */
  fk_column_id: z.string({ error: "must be a column id" }).nullish(),
  filters: z.array(filterInput, { error: "must be a list of filters" }).max(20, "at most 20 conditions").default([]),
});

export const colourRulesInput = z.object({
  rules: z
    .array(colourRuleInput, { error: "must be a list of rules" })
    .max(MAX_COLOUR_RULES, `at most ${MAX_COLOUR_RULES} rules`)
    .default([]),
  /** Colour records by this single select field's option colours; null: off. */
  fk_select_column_id: z.string({ error: "must be a column id" }).nullish(),
});
export type ColourRulesInput = z.input<typeof colourRulesInput>;

export interface ColourRule {
  id: string;
  colour: PaletteColour;
  target: "row" | "cell";
  fk_column_id: string | null;
  filters: z.infer<typeof filterInput>[];
}

export interface ColourRules {
  rules: ColourRule[];
  fk_select_column_id: string | null;
}

const NONE: ColourRules = { rules: [], fk_select_column_id: null };

export function metaObject(text: string | null): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The view's stored rules; none when the meta holds none (or something unreadable). */
export function colourRulesOf(v: Pick<ViewRow, "meta">): ColourRules {
  const stored = metaObject(v.meta).colour_rules;
  if (!stored) return NONE;
  const parsed = colourRulesInput.safeParse(stored);
  if (!parsed.success) return NONE;
  return {
    rules: parsed.data.rules.map((r, i) => ({
      id: r.id ?? `r${i + 1}`,
      colour: r.colour,
      target: r.target,
      fk_column_id: r.target === "cell" ? (r.fk_column_id ?? null) : null,
      filters: r.filters,
    })),
    fk_select_column_id: parsed.data.fk_select_column_id ?? null,
  };
}

export const hasColourRules = (c: ColourRules) => c.rules.length > 0 || c.fk_select_column_id !== null;
