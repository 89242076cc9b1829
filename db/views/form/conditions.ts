/**
 * Conditional questions: whether a question's visibility group holds for the answers given so
 * far. The operators are the filter operators of views (db/fields/types FILTER_OPS, offered per
 * type by the registry's `filterOps`), evaluated here on answers instead of compiled to SQL, with
 * the same rules where they apply to an answer:
 * - eq/neq on text and selects ignore case (SQLite's NOCASE compare of the views); neq and the
 *   "not" operators also match an empty answer.
 * - Dates take the date sub-operators (`today`, `daysAgo,7`, `isWithin pastWeek`...) of db/query/dates.
 * - A condition with no value (half written in the builder) is ignored, as the views ignore it.
 * The visitor's form, the builder's preview and the server all call `visibleQuestions`.
 */
import type { ValueKind } from "../../fields/types";
import { isSubOp, isWithinSubOp, needsNumber, subOpDay, withinRange } from "../../query/dates";
import { isEmptyValue } from "./required";
import type { FormCondition, FormConditionGroup } from "./rules";

export interface Answer {
  kind: ValueKind;
  value: unknown;
}

const NO_VALUE = new Set(["empty", "notempty", "null", "notnull", "blank", "notblank", "checked", "notchecked"]);

const lower = (s: string) => s.trim().toLocaleLowerCase();
const items = (text: string) =>
  text
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x !== "");

/** An answer as text items: a multi-select's options, a list's titles, or the text itself. */
function listOf(a: Answer): string[] {
  const v = a.value;
  if (Array.isArray(v))
    return v.map((x) =>
      x && typeof x === "object" ? String((x as Record<string, unknown>).title ?? JSON.stringify(x)) : String(x),
    );
  if (v === null || v === undefined || v === "") return [];
  return a.kind === "multi" ? items(String(v)) : [String(v)];
}

const textOf = (a: Answer) => listOf(a).join(",");

function numberOf(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

const checked = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";

/** The day (or instant) a date condition compares with, or null when not yet written. */
function dateTarget(c: FormCondition, now: Date): { from: string; to: string } | null {
  const text = c.value === null || c.value === undefined ? "" : String(c.value);
  let sub = c.comparison_sub_op ?? undefined;
  let arg = text;
  const first = text.split(",")[0]!.trim();
  if (!sub && isSubOp(first)) {
    sub = first;
    arg = text.slice(first.length + 1);
  }
  if (!sub || sub === "exactDate") {
    const day = arg.trim().slice(0, 10);
    return /^\d{4}-\d{2}-\d{2}$/.test(day) ? { from: day, to: day } : null;
  }
  if (!isSubOp(sub)) return null;
  const n = needsNumber(sub) ? Number(arg.trim()) : 0;
  if (needsNumber(sub) && (!/^\d{1,7}$/.test(arg.trim()) || !Number.isFinite(n))) return null;
  if (isWithinSubOp(sub)) return withinRange(sub, n, now);
  const day = subOpDay(sub, n, now);
  return { from: day, to: day };
}

function compare(op: string, a: number | string, b: number | string): boolean {
  switch (op) {
    case "gt":
      return a > b;
    case "lt":
      return a < b;
    case "gte":
    case "ge":
      return a >= b;
    default:
      return a <= b; // lte, le
  }
}

/** One condition on one answer; null when the condition is not complete (then it is ignored). */
export function conditionMatches(c: FormCondition, a: Answer, now = new Date()): boolean | null {
  const op = c.comparison_op;
  const empty = isEmptyValue(a.value) || (a.kind === "checkbox" && !checked(a.value));
  if (NO_VALUE.has(op)) {
    if (op === "checked") return checked(a.value);
    if (op === "notchecked") return !checked(a.value);
    const isBlank = a.kind === "checkbox" ? a.value === null || a.value === undefined : isEmptyValue(a.value);
    return op === "notempty" || op === "notnull" || op === "notblank" ? !isBlank : isBlank;
  }
  const raw = c.value === null || c.value === undefined ? "" : String(c.value);
  if (raw.trim() === "" && !(a.kind === "date" || a.kind === "datetime") && !c.comparison_sub_op) return null;
  const negated =
    op === "neq" ||
    op === "not" ||
    op === "nlike" ||
    op === "nanyof" ||
    op === "nallof" ||
    op === "isnot" ||
    op === "nbtw";

  if (a.kind === "checkbox") {
    if (op !== "eq" && op !== "neq") return null;
    const same = checked(a.value) === checked(raw);
    return op === "eq" ? same : !same;
  }
  if (a.kind === "date" || a.kind === "datetime") {
    if (op === "btw" || op === "nbtw") {
      const [from, to] = items(raw).map((x) => x.slice(0, 10));
      if (!from || !to) return null;
      if (empty) return false;
      const day = String(a.value).slice(0, 10);
      const inside = day >= from && day <= to;
      return op === "btw" ? inside : !inside;
    }
    const target = dateTarget(c, now);
    if (!target) return null;
    if (empty) return op === "neq" || op === "isnot";
    const day = String(a.value).slice(0, 10);
    if (op === "isWithin") return day >= target.from && day <= target.to;
    if (op === "eq" || op === "is") return day === target.from;
    if (op === "neq" || op === "isnot") return day !== target.from;
    if (op === "gt" || op === "gte" || op === "ge") return compare(op, day, target.from);
    if (op === "lt" || op === "lte" || op === "le") return compare(op, day, target.to);
    return null;
  }
  if (empty) return negated;
  if (a.kind === "number") {
    const n = numberOf(a.value);
    if (n === null) return negated;
    if (op === "in") return items(raw).map(Number).includes(n);
    if (op === "btw" || op === "nbtw") {
      const [from, to] = items(raw).map(Number);
      if (from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to)) return null;
      return (n >= from && n <= to) === (op === "btw");
    }
    const target = numberOf(raw);
    if (target === null) return null;
    if (op === "eq") return n === target;
    if (op === "neq" || op === "not") return n !== target;
    if (["gt", "lt", "gte", "ge", "lte", "le"].includes(op)) return compare(op, n, target);
  }
  const answer = listOf(a).map(lower);
  const wanted = items(raw).map(lower);
  switch (op) {
    case "like":
    case "nlike": {
      const needle = lower(raw).replace(/^%|%$/g, "");
      const found = lower(textOf(a)).includes(needle);
      return op === "like" ? found : !found;
    }
    case "eq":
    case "is":
    case "neq":
    case "not":
    case "isnot": {
      const same =
        a.kind === "multi"
          ? answer.length === wanted.length && wanted.every((w) => answer.includes(w))
          : lower(textOf(a)) === lower(raw);
      return negated ? !same : same;
    }
    case "in":
      return wanted.includes(lower(textOf(a)));
    case "anyof":
      return wanted.some((w) => answer.includes(w));
    case "nanyof":
      return !wanted.some((w) => answer.includes(w));
    case "allof":
      return wanted.every((w) => answer.includes(w));
    case "nallof":
      return !wanted.every((w) => answer.includes(w));
    case "gt":
    case "lt":
    case "gte":
    case "ge":
    case "lte":
    case "le":
      return compare(op, textOf(a), raw);
    default:
      return null;
  }
}

/** Whether a group holds; incomplete conditions are left out, and a group with none left holds. */
export function groupHolds(g: FormConditionGroup, answerOf: (columnId: string) => Answer, now = new Date()): boolean {
  const results = g.children
    .map((c) =>
      "is_group" in c
        ? c.children.length
          ? groupHolds(c, answerOf, now)
          : null
        : conditionMatches(c, answerOf(c.fk_column_id), now),
    )
    .filter((r): r is boolean => r !== null);
  if (!results.length) return true;
  return g.logical_op === "or" ? results.some(Boolean) : results.every(Boolean);
}

export interface ConditionalQuestion {
  columnId: string;
  kind: ValueKind;
  visibility: FormConditionGroup | null;
}

/**
 * The ids of the questions that show, in form order. A question's conditions see only the answers
 * of questions before it that show themselves: a hidden question's answer counts as empty, so a
 * chain of conditions hides all of its later links at once.
 */
export function visibleQuestions(
  questions: readonly ConditionalQuestion[],
  valueOf: (columnId: string) => unknown,
  now = new Date(),
): Set<string> {
  const shown = new Set<string>();
  const kinds = new Map(questions.map((q) => [q.columnId, q.kind]));
  const seen = new Set<string>();
  for (const q of questions) {
    const answerOf = (id: string): Answer => ({
      kind: kinds.get(id) ?? "text",
      value: seen.has(id) && shown.has(id) ? valueOf(id) : null,
    });
    if (!q.visibility || groupHolds(q.visibility, answerOf, now)) shown.add(q.columnId);
    seen.add(q.columnId);
  }
  return shown;
}
