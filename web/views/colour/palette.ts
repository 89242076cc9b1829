/**
 * How colour rules paint (issue 37): the server answers a palette name (a rule's colour) or a
 * select option's hex colour (db/views/colour-settings.ts); the tint is light enough for text
 * on it, the stripe (cards, calendar events, the row number) stronger.
 */
import { COLOUR_PALETTE, type PaletteColour } from "../../../db/views/colour-palette";

export { COLOUR_PALETTE, type PaletteColour };

const SHADES: Record<PaletteColour, { tint: string; stripe: string }> = {
  red: { tint: "#fee2e2", stripe: "#ef4444" },
  orange: { tint: "#ffedd5", stripe: "#f97316" },
  yellow: { tint: "#fef9c3", stripe: "#eab308" },
  green: { tint: "#dcfce7", stripe: "#22c55e" },
  teal: { tint: "#ccfbf1", stripe: "#14b8a6" },
  blue: { tint: "#dbeafe", stripe: "#3b82f6" },
  purple: { tint: "#f3e8ff", stripe: "#a855f7" },
  pink: { tint: "#fce7f3", stripe: "#ec4899" },
  gray: { tint: "#f3f4f6", stripe: "#6b7280" },
};

const isPalette = (c: string): c is PaletteColour => (COLOUR_PALETTE as readonly string[]).includes(c);

/** A hex colour the answer carried (a select option's), else undefined. */
const hex = (c: string) => (/^#[0-9a-f]{3,8}$/i.test(c) ? c : undefined);

export const tintOf = (c: string | undefined): string | undefined =>
  c === undefined ? undefined : isPalette(c) ? SHADES[c].tint : hex(c);

export const stripeOf = (c: string | undefined): string | undefined =>
  c === undefined ? undefined : isPalette(c) ? SHADES[c].stripe : hex(c);

/** The colour answer a list read puts on a row (db/views/colour-plan.ts RowColour). */
export interface RowColour {
  row?: string;
  cells?: Record<string, string>;
  rules: string[];
}

export function colourOfRow(row: Record<string, unknown> | undefined): RowColour | undefined {
  const c = row?._colour;
  return c && typeof c === "object" ? (c as RowColour) : undefined;
}

/** A cell's colour: its own rule's, else the row's. */
export function cellColour(row: Record<string, unknown> | undefined, title: string): string | undefined {
  const c = colourOfRow(row);
  return c?.cells?.[title] ?? c?.row;
}
