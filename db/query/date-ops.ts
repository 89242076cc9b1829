/**
 * Comparisons on Date, DateTime and CreateTime columns. Rules:
 * - The value may start with a sub-operator ([B]): `today`, `daysAgo,7`, `exactDate,2023-05-01`,
 *   and for isWithin `pastWeek`, `nextNumberOfDays,14`...; a plain date ([A]) means exactDate.
 *   Sub-op errors use the contract's messages.
 * - Days come from dates.ts (UTC, from `now`) and are bound as values.
 * - Date columns compare days. DateTime columns compare the date part: a day D is the instants
 *   [D 00:00Z, D+1 00:00Z), so eq D is that range, gt D starts at D+1, lte D ends before D+1.
 *   A DateTime value with a time compares the instant for gt/lt/gte/lte/btw; eq/neq use its day.
 * - btw takes two plain dates and includes both; isWithin ranges include both ends.
 * - A sub-op or value that is missing ignores the condition, as the GUI sends half-typed filters.
 */
import { parseDateText } from "../fields/common/dates";
import type { FilterOp } from "../fields/types";
import { addDays, dayCount, dayStart, isSubOp, isWithinSubOp, needsNumber, subOpDay, withinRange } from "./dates";
import { bind, neqOf, type OpCtx } from "./filter-ops";
import { Frag, and, sql } from "./sql";
import { QueryError } from "./types";
import { coerce, contextOf } from "./filter-values";
import { fieldType } from "../fields/registry";

type Bound = { day: string } | { instant: string };

const isDateTime = (x: OpCtx) => fieldType(x.column.uidt)?.kind !== "date";

function parseBound(x: OpCtx, text: string): Bound {
  const stored = String(coerce(x.column, text));
  if (!isDateTime(x)) return { day: stored };
  const format = contextOf(x.column).options.date_format;
  const hasTime = parseDateText(text.trim(), typeof format === "string" ? format : undefined)?.time;
  return hasTime ? { instant: stored } : { day: stored.slice(0, 10) };
}

const dayOf = (b: Bound) => ("day" in b ? b.day : b.instant.slice(0, 10));
const startOf = (x: OpCtx, day: string) => bind(x, isDateTime(x) ? dayStart(day) : day);
const endOf = (x: OpCtx, day: string) => bind(x, dayStart(addDays(day, 1)));

function lower(x: OpCtx, b: Bound, strict: boolean): Frag {
  if ("instant" in b) return strict ? sql`${x.c} > ${bind(x, b.instant)}` : sql`${x.c} >= ${bind(x, b.instant)}`;
  if (!isDateTime(x)) return strict ? sql`${x.c} > ${startOf(x, b.day)}` : sql`${x.c} >= ${startOf(x, b.day)}`;
  return sql`${x.c} >= ${strict ? endOf(x, b.day) : startOf(x, b.day)}`;
}

function upper(x: OpCtx, b: Bound, strict: boolean): Frag {
  if ("instant" in b) return strict ? sql`${x.c} < ${bind(x, b.instant)}` : sql`${x.c} <= ${bind(x, b.instant)}`;
  if (!isDateTime(x)) return strict ? sql`${x.c} < ${startOf(x, b.day)}` : sql`${x.c} <= ${startOf(x, b.day)}`;
  return sql`${x.c} < ${strict ? startOf(x, b.day) : endOf(x, b.day)}`;
}

function equal(x: OpCtx, b: Bound): Frag {
  const day = dayOf(b);
  return isDateTime(x) ? and([lower(x, { day }, false), upper(x, { day }, false)]) : sql`${x.c} = ${startOf(x, day)}`;
}

function compare(x: OpCtx, op: FilterOp, b: Bound): Frag {
  switch (op) {
    case "eq":
      return equal(x, b);
    case "neq":
      return neqOf(x, { frag: equal(x, b), nullToo: false });
    case "gt":
      return lower(x, b, true);
    case "gte":
    case "ge":
      return lower(x, b, false);
    case "lt":
      return upper(x, b, true);
    default:
      return upper(x, b, false); // lte, le
  }
}

function days(x: OpCtx, subOp: string, arg: string | undefined): number | null {
  if (!needsNumber(subOp)) return 0;
  return arg?.trim() ? dayCount(x.column.title, subOp, arg) : null;
}

export function dateOp(x: OpCtx, op: FilterOp, value: string | undefined, explicitSubOp?: string): Frag | null {
  let subOp = explicitSubOp;
  let arg = value;
  const comma = value?.indexOf(",") ?? -1;
  const first = (comma < 0 ? value : value?.slice(0, comma))?.trim() ?? "";
  if (subOp === undefined && isSubOp(first)) {
    subOp = first;
    arg = comma < 0 ? undefined : value?.slice(comma + 1);
  }
  if (subOp !== undefined) {
    if (!isSubOp(subOp)) throw new QueryError(`'${subOp}' is not supported.`);
    if (op === "btw" || (op === "isWithin") !== isWithinSubOp(subOp))
      throw new QueryError(`'${subOp}' is not supported for '${op}'`);
  }
  if (op === "isWithin") {
    if (subOp === undefined) {
      if (!first) return null;
      throw new QueryError(`'${first}' is not supported.`);
    }
    const n = days(x, subOp, arg);
    if (n === null) return null;
    const range = withinRange(subOp, n, x.now);
    return and([lower(x, { day: range.from }, false), upper(x, { day: range.to }, false)]);
  }
  if (op === "btw") {
    if (!value?.trim()) return null;
    const parts = value.split(",");
    if (parts.length !== 2 || parts.some((p) => p.trim() === "")) {
      throw new QueryError(`${x.column.title}: 'btw' needs two dates, from and to, separated by a comma`);
    }
    return and([lower(x, parseBound(x, parts[0]!), false), upper(x, parseBound(x, parts[1]!), false)]);
  }
  if (subOp === undefined || subOp === "exactDate") {
    const text = subOp === undefined ? value : arg;
    return text?.trim() ? compare(x, op, parseBound(x, text)) : null;
  }
  const n = days(x, subOp, arg);
  return n === null ? null : compare(x, op, { day: subOpDay(subOp, n, x.now) });
}
