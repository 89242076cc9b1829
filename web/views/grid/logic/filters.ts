/**
 * The filter builder's model: a tree of conditions and groups (API-CONTRACT 4.6). Rules:
 * - One logical op per level: every child of a group (and every top-level filter) carries the
 *   level's op; the first child's op is ignored by the server.
 * - Operators per column come from the registry's `filterOps` of the type its values filter as: its
 *   own, or for a computed column the `filter_uidt` the server resolved (a lookup of a date is a
 *   date), so the builder offers exactly what the where compiler accepts. Date and DateTime columns take a
 *   sub-operator (today, daysAgo, exactDate...) for comparisons and for isWithin (pastWeek...).
 * - A condition is complete when it has a column, an operator and, when the operator (or
 *   sub-operator) needs one, a value. Only complete conditions filter; empty groups are dropped.
 */
import { fieldType } from "../../../../db/fields/registry";
import type { FilterOp, UIType } from "../../../../db/fields/types";
import { DATE_SUB_OPS, IS_WITHIN_SUB_OPS, type DateSubOp } from "../../../../db/query/dates";
import type { Column } from "../../../api/types";
import type { Filter, LogicalOp } from "../../../api/view-types";

export interface FilterNode {
  /** A local key; saved nodes also have the server id. */
  key: string;
  id?: string;
  isGroup: boolean;
  logicalOp: LogicalOp;
  columnId?: string;
  op?: FilterOp;
  subOp?: string;
  value?: string;
  children: FilterNode[];
}

let seq = 0;
export const newKey = () => `f${++seq}`;

const NO_VALUE: ReadonlySet<string> = new Set([
  "empty",
  "notempty",
  "null",
  "notnull",
  "blank",
  "notblank",
  "checked",
  "notchecked",
]);
const COMPARE_SUB_OPS: readonly DateSubOp[] = DATE_SUB_OPS.filter(
  (s) => !(IS_WITHIN_SUB_OPS as readonly string[]).includes(s),
);
const NUMBER_SUB_OPS = new Set(["daysAgo", "daysFromNow", "pastNumberOfDays", "nextNumberOfDays"]);

/** The type a column's values filter as; undefined for a computed column the server could not resolve. */
export function filterUidt(column: Column): UIType | undefined {
  return fieldType(column.uidt)?.virtual ? column.filter_uidt : column.uidt;
}

export function opsFor(column: Column | undefined): readonly FilterOp[] {
  const uidt = column && filterUidt(column);
  return (uidt && fieldType(uidt)?.filterOps) || [];
}

/** Operators that mean the same as another (API-CONTRACT 1.7 accepts both); offered once. */
const SYNONYM_OPS: ReadonlySet<string> = new Set(["ge", "le"]);

/** The operators the menu lists: no synonyms, except one a saved filter already uses. */
export function menuOpsFor(column: Column | undefined, current?: FilterOp): readonly FilterOp[] {
  return opsFor(column).filter((op) => !SYNONYM_OPS.has(op) || op === current);
}

/** Operators whose value is one of the column's options (a select list instead of free text). */
const OPTION_VALUE_OPS: ReadonlySet<string> = new Set(["eq", "neq", "anyof", "nanyof", "allof", "nallof", "in"]);

/** The option titles a filter's value is chosen from, or null when the value is free text. */
export function optionChoices(column: Column | undefined, op: FilterOp | undefined): string[] | null {
  const list = column?.colOptions?.options;
  if (!op || !OPTION_VALUE_OPS.has(op) || !Array.isArray(list) || list.length === 0) return null;
  return list.map((o: { title?: unknown }) => String(o.title ?? ""));
}

/** A person column ("Created by", "Last modified by"): its value is a member's id or `@me`. */
export const isUserColumn = (column: Column | undefined) => {
  const uidt = column && filterUidt(column);
  return Boolean(uidt && fieldType(uidt)?.kind === "user");
};

/** Date and date-time columns (the registry's value kind), also computed ones resolving to them. */
export function isDateColumn(column: Column | undefined): boolean {
  const kind = column && fieldType(filterUidt(column) ?? "")?.kind;
  return kind === "date" || kind === "datetime";
}

/** Sub-operators a date column offers for an operator; empty when none apply. */
export function subOpsFor(column: Column | undefined, op: FilterOp | undefined): readonly DateSubOp[] {
  if (!isDateColumn(column) || !op || NO_VALUE.has(op) || op === "btw") return [];
  return op === "isWithin" ? IS_WITHIN_SUB_OPS : COMPARE_SUB_OPS;
}

export type ValueInput = "none" | "text" | "number" | "date";

export function valueInput(
  column: Column | undefined,
  op: FilterOp | undefined,
  subOp: string | undefined,
): ValueInput {
  if (!op || NO_VALUE.has(op)) return "none";
  if (subOpsFor(column, op).length > 0) {
    if (subOp === "exactDate") return "date";
    return subOp && NUMBER_SUB_OPS.has(subOp) ? "number" : "none";
  }
  return "text";
}

export function isComplete(node: FilterNode, columns: readonly Column[]): boolean {
  if (node.isGroup) return node.children.some((c) => isComplete(c, columns));
  const column = columns.find((c) => c.id === node.columnId);
  if (!column || !node.op || !opsFor(column).includes(node.op)) return false;
  if (subOpsFor(column, node.op).length > 0 && !node.subOp) return false;
  return valueInput(column, node.op, node.subOp) === "none" || (node.value ?? "").trim() !== "";
}

/** The filter objects for `filterArrJson`: complete conditions only, groups with children. */
export function toFilterArr(nodes: readonly FilterNode[], columns: readonly Column[]): Filter[] {
  return nodes
    .filter((n) => isComplete(n, columns))
    .map((n) =>
      n.isGroup
        ? { is_group: true, logical_op: n.logicalOp, children: toFilterArr(n.children, columns) }
        : {
            fk_column_id: n.columnId,
            comparison_op: n.op,
            comparison_sub_op: n.subOp ?? null,
            value:
              valueInput(
                columns.find((c) => c.id === n.columnId),
                n.op,
                n.subOp,
              ) === "none"
                ? null
                : (n.value ?? ""),
            logical_op: n.logicalOp,
          },
    );
}

/** The stored fields of one node, as POST/PATCH bodies send them. */
export function filterBody(node: FilterNode, parentId: string | null): Filter {
  if (node.isGroup) return { is_group: true, logical_op: node.logicalOp, fk_parent_id: parentId };
  return {
    fk_column_id: node.columnId ?? null,
    comparison_op: node.op ?? null,
    comparison_sub_op: node.subOp ?? null,
    value: node.value ?? null,
    logical_op: node.logicalOp,
    fk_parent_id: parentId,
    is_group: false,
  };
}

/** Saved filters (each group with its `children` filled in) as builder nodes. */
export function fromSaved(filters: readonly Filter[]): FilterNode[] {
  return [...filters]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((f) => ({
      key: f.id ?? newKey(),
      id: f.id,
      isGroup: Boolean(f.is_group),
      logicalOp: f.logical_op === "or" ? "or" : f.logical_op === "not" ? "not" : "and",
      columnId: f.fk_column_id ?? undefined,
      op: (f.comparison_op ?? undefined) as FilterOp | undefined,
      subOp: f.comparison_sub_op ?? undefined,
      value: f.value === null || f.value === undefined ? undefined : String(f.value),
      children: fromSaved(f.children ?? []),
    }));
}

/** Same filtering effect (complete conditions compared, keys and ids ignored). */
export function sameFilters(a: readonly FilterNode[], b: readonly FilterNode[], columns: readonly Column[]): boolean {
  return JSON.stringify(toFilterArr(a, columns)) === JSON.stringify(toFilterArr(b, columns));
}
