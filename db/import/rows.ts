/**
 * Rows for insert (SPEC 5). Rules:
 * - every cell goes through its target field type: the cell's text → `parseText` (stored form) →
 *   `toApi` (the value the bulk insert takes), keyed by the column title; blank values are left out
 *   so the server applies defaults;
 * - text-like targets read a spreadsheet cell's display text (what the user saw); other targets
 *   read its exact value (a number, or the ISO date);
 * - a value the type refuses fails the row with the type's message (`Age: "x" is not a number`);
 * - when the required check is asked for, a row whose required columns (required, no default, not
 *   auto-increment, not auto-generated) have no value fails with `Missing required columns: a, b`.
 */
import { fieldContext, fieldType, type AnyFieldType } from "../fields/registry";
import type { FieldContext, Result, UIType } from "../fields/types";
import { fail, ok } from "../fields/common/result";
import { cellText, type Cell } from "./cells";

export interface ImportColumn {
  /** Position of the value in a source row. */
  source: number;
  title: string;
  uidt: UIType;
  /** The column's `meta` merged with its `colOptions`. */
  settings?: Record<string, unknown>;
}

export interface CompiledColumn {
  source: number;
  title: string;
  type: AnyFieldType;
  ctx: FieldContext<Record<string, unknown>>;
  display: boolean;
}

/** Resolves each column's type and settings once; fails with the first invalid setting. */
export function compileColumns(columns: readonly ImportColumn[]): Result<CompiledColumn[]> {
  const out: CompiledColumn[] = [];
  for (const c of columns) {
    const ctx = fieldContext(c.uidt, c.title, c.settings ?? {});
    if (!ctx.ok) return fail(`${c.title}: ${ctx.error}`);
    const type = fieldType(c.uidt);
    out.push({ source: c.source, title: c.title, type, ctx: ctx.value, display: type.importsDisplayText });
  }
  return ok(out);
}

export const missingRequiredMessage = (titles: readonly string[]) => `Missing required columns: ${titles.join(", ")}`;

/** A table column as the meta API returns it, narrowed to what the required rule reads. */
export interface RequiredRuleColumn {
  title: string;
  rqd?: boolean | number | null;
  cdf?: unknown;
  ai?: boolean | number | null;
  pk?: boolean | number | null;
  system?: boolean | number | null;
  meta?: Record<string, unknown> | string | null;
}

/** SPEC 5 required-without-value: required, no default, not auto-increment, not auto-generated. */
export function isRequiredWithoutDefault(c: RequiredRuleColumn): boolean {
  const meta = typeof c.meta === "string" ? (JSON.parse(c.meta || "{}") as Record<string, unknown>) : (c.meta ?? {});
  const noDefault = c.cdf === null || c.cdf === undefined || c.cdf === "";
  return Boolean(c.rqd) && noDefault && !c.ai && !meta.ag && !c.system;
}

/** Required columns of the table that the mapping leaves without a source. */
export function unmappedRequired(columns: readonly RequiredRuleColumn[], mappedTitles: Iterable<string>): string[] {
  const mapped = new Set(mappedTitles);
  return columns.filter((c) => isRequiredWithoutDefault(c) && !mapped.has(c.title)).map((c) => c.title);
}

/**
 * One source row as an insert body. `required` lists the titles the required check covers; pass
 * it only when the check is asked for.
 */
export function buildRow(cells: readonly Cell[], columns: readonly CompiledColumn[], required?: readonly string[]): Result<Record<string, unknown>> {
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    const parsed = c.type.parseText(cellText(cells[c.source], c.display), c.ctx);
    if (!parsed.ok) return fail(parsed.error);
    if (parsed.value !== null) row[c.title] = c.type.toApi(parsed.value, c.ctx);
  }
  if (required?.length) {
    const missing = required.filter((title) => row[title] === undefined || row[title] === null);
    if (missing.length) return fail(missingRequiredMessage(missing));
  }
  return ok(row);
}
