/** Filter operator sets shared by several field types (API-CONTRACT 1.7). */
import type { FilterOp } from "../types";

export const TEXT_OPS: readonly FilterOp[] = [
  "eq",
  "neq",
  "like",
  "nlike",
  "empty",
  "notempty",
  "null",
  "notnull",
  "blank",
  "notblank",
  "in",
];

export const NUMERIC_OPS: readonly FilterOp[] = [
  "eq",
  "neq",
  "gt",
  "lt",
  "gte",
  "lte",
  "ge",
  "le",
  "in",
  "btw",
  "nbtw",
  "blank",
  "notblank",
  "null",
  "notnull",
];

export const DATE_OPS: readonly FilterOp[] = [
  "eq",
  "neq",
  "gt",
  "lt",
  "gte",
  "lte",
  "ge",
  "le",
  "btw",
  "isWithin",
  "blank",
  "notblank",
  "null",
  "notnull",
];

/** Time of day: comparisons without the date sub-operators. */
export const TIME_OPS: readonly FilterOp[] = [
  "eq",
  "neq",
  "gt",
  "lt",
  "gte",
  "lte",
  "ge",
  "le",
  "blank",
  "notblank",
  "null",
  "notnull",
];

export const CHECKBOX_OPS: readonly FilterOp[] = ["checked", "notchecked", "eq", "blank", "notblank"];

export const SINGLE_SELECT_OPS: readonly FilterOp[] = [
  "eq",
  "neq",
  "like",
  "nlike",
  "anyof",
  "nanyof",
  "in",
  "blank",
  "notblank",
  "empty",
  "notempty",
];

export const MULTI_SELECT_OPS: readonly FilterOp[] = [
  "allof",
  "anyof",
  "nallof",
  "nanyof",
  "eq",
  "neq",
  "like",
  "nlike",
  "blank",
  "notblank",
];

export const ATTACHMENT_OPS: readonly FilterOp[] = ["blank", "notblank", "like", "nlike"];

export const JSON_OPS: readonly FilterOp[] = ["eq", "neq", "like", "nlike", "blank", "notblank"];

export const LINK_OPS: readonly FilterOp[] = ["blank", "notblank", "like", "nlike", "eq", "neq"];

/**
 * Lookup, Rollup and Formula as a type of their own. Neither the where compiler nor the filter
 * builder reads this: both use the filterOps of the column's result type (db/query/result-type.ts).
 */
export const COMPUTED_OPS: readonly FilterOp[] = [
  "eq",
  "neq",
  "like",
  "nlike",
  "gt",
  "lt",
  "gte",
  "lte",
  "blank",
  "notblank",
];
