/**
 * A form question's content rules, kept as extra keys of its form column `meta` (contract 1.10
 * keeps `meta` free-form, so NocoDB's shapes stay as they are):
 * - `visibility`: a condition group on earlier answers; the question shows only while it holds.
 * - `validation`: min/max (number value, date, or text length), a text pattern, file limits, and
 *   the builder's message shown for any failure of this question.
 * - `prefill`: `hide` and `lock` for a question whose answer came from the link's query string.
 * - `pageBreak`: the question starts a new page of the form.
 * This module has no dependencies: the visitor's small bundle, the app and the server read it.
 */
import type { FilterOp } from "../../fields/types";

export interface FormCondition {
  fk_column_id: string;
  comparison_op: FilterOp;
  comparison_sub_op?: string | null;
  value?: string | number | boolean | null;
}

export interface FormConditionGroup {
  is_group: true;
  logical_op: "and" | "or";
  children: Array<FormCondition | FormConditionGroup>;
}

export interface FieldValidation {
  /** Numbers: the value; dates: `YYYY-MM-DD`; text: the length. */
  min?: number | string | null;
  max?: number | string | null;
  /** Text: the whole answer must match (as HTML's `pattern` does). */
  pattern?: string | null;
  /** Shown instead of the default message for any failure of this question. */
  message?: string | null;
  /** Files: extensions (`.pdf`) or media types (`image/*`, `application/pdf`). */
  fileTypes?: string[] | null;
  maxFileMB?: number | null;
  maxFiles?: number | null;
}

export interface FieldRules {
  visibility: FormConditionGroup | null;
  validation: FieldValidation;
  prefill: { hide: boolean; lock: boolean };
  pageBreak: boolean;
}

const LOGICAL = new Set(["and", "or"]);
const MAX_DEPTH = 4;
export const MAX_PATTERN_LENGTH = 500;

const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function parseMeta(meta: unknown): Record<string, unknown> {
  if (typeof meta === "string") {
    try {
      return record(JSON.parse(meta)) ?? {};
    } catch {
      return {};
    }
  }
  return record(meta) ?? {};
}

function groupOf(v: unknown, depth = 0): FormConditionGroup | null {
  const g = record(v);
  if (!g || depth > MAX_DEPTH || !Array.isArray(g.children)) return null;
  const children: FormConditionGroup["children"] = [];
  for (const child of g.children) {
    const c = record(child);
    if (!c) continue;
    if (c.is_group) {
      const inner = groupOf(c, depth + 1);
      if (inner) children.push(inner);
    } else if (typeof c.fk_column_id === "string" && typeof c.comparison_op === "string") {
      children.push({
        fk_column_id: c.fk_column_id,
        comparison_op: c.comparison_op as FilterOp,
        comparison_sub_op: typeof c.comparison_sub_op === "string" ? c.comparison_sub_op : null,
        value: ["string", "number", "boolean"].includes(typeof c.value) ? (c.value as string | number | boolean) : null,
      });
    }
  }
  return {
    is_group: true,
    logical_op: LOGICAL.has(String(g.logical_op)) ? (g.logical_op as "and" | "or") : "and",
    children,
  };
}

const num = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v)
    ? v
    : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))
      ? Number(v)
      : null;
const limit = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" ? v.trim() : null;

/** A question's rules from its form column meta (object or JSON text); anything malformed is left out. */
export function rulesOf(meta: unknown): FieldRules {
  const m = parseMeta(meta);
  const v = record(m.validation) ?? {};
  const p = record(m.prefill) ?? {};
  const visibility = groupOf(m.visibility);
  return {
    visibility: visibility && visibility.children.length ? visibility : null,
    validation: {
      min: limit(v.min),
      max: limit(v.max),
      pattern: typeof v.pattern === "string" && v.pattern !== "" ? v.pattern : null,
      message: typeof v.message === "string" && v.message.trim() !== "" ? v.message : null,
      fileTypes: Array.isArray(v.fileTypes)
        ? v.fileTypes
            .filter((x): x is string => typeof x === "string" && x.trim() !== "")
            .map((x) => x.trim().toLowerCase())
        : null,
      maxFileMB: num(v.maxFileMB),
      maxFiles: num(v.maxFiles),
    },
    prefill: { hide: Boolean(p.hide), lock: Boolean(p.lock) },
    pageBreak: Boolean(m.pageBreak),
  };
}

/** Columns a condition group names (the builder checks they come earlier in the form). */
export function conditionColumns(g: FormConditionGroup | null): string[] {
  if (!g) return [];
  return g.children.flatMap((c) => ("is_group" in c ? conditionColumns(c) : [c.fk_column_id]));
}

/**
 * Why a question's rules cannot be saved, or null: a pattern that does not compile or is too long,
 * min above max, limits that are not numbers where numbers are needed, conditions on the question
 * itself. The form column route answers 400 with it.
 */
export function rulesProblem(meta: unknown, ownColumnId: string): string | null {
  const m = parseMeta(meta);
  if (m.visibility !== undefined && m.visibility !== null && !groupOf(m.visibility))
    return "visibility must be a condition group with children";
  const r = rulesOf(m);
  if (conditionColumns(r.visibility).includes(ownColumnId))
    return "a question cannot show on a condition on its own answer";
  const v = r.validation;
  if (v.pattern) {
    if (v.pattern.length > MAX_PATTERN_LENGTH) return `the pattern must be at most ${MAX_PATTERN_LENGTH} characters`;
    try {
      new RegExp(v.pattern, "u");
    } catch {
      return "the pattern is not a valid regular expression";
    }
  }
  const a = num(v.min);
  const b = num(v.max);
  if (a !== null && b !== null && a > b) return "the minimum must not be above the maximum";
  if (typeof v.min === "string" && typeof v.max === "string" && a === null && b === null && v.min > v.max)
    return "the minimum must not be above the maximum";
  for (const [key, value] of [
    ["maxFileMB", v.maxFileMB],
    ["maxFiles", v.maxFiles],
  ] as const) {
    if (value !== null && value !== undefined && !(value > 0)) return `${key} must be a positive number`;
  }
  return null;
}
