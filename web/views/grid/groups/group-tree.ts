/**
 * The grouped grid's list of lines (issue 37): group headers, a leaf group's records, its "add a
 * record" line, as one virtual list. Rules:
 * - a group shows its header; when expanded, its sub-groups (loaded when first shown) or, at the
 *   last level, one line per record (its count from the group-by answer) and an "add" line;
 * - the list is kept as segments (a header, a run of records, ...) with their first line, so
 *   finding the line at an index is a binary search however many records there are;
 * - a group's condition is its value `eq` (both bounds for an instant; blank for an empty group),
 *   ANDed down its path.
 */

import { groupMatchOps } from "../../../../db/fields/registry";
import type { DateBucket } from "./group-levels";
import type { FooterAggregate } from "../../../../db/views/footer";

export interface GroupCond {
  fk_column_id: string;
  comparison_op: "eq" | "gte" | "lte" | "blank";
  logical_op: "and";
  value?: string | number | boolean;
}

export interface GroupNode {
  /** The path of values from the outer group, as text: unique in the tree. */
  id: string;
  level: number;
  columnId: string;
  value: unknown;
  count: number;
  path: GroupCond[];
  /** The values of the groups from the outer one down to this one (a new record in it takes them). */
  values: unknown[];
  /** The level groups a date by day, month or year: the value is that bucket's text (2024-03). */
  bucket?: DateBucket | null;
  /** The footer's aggregates over the group's records (issue 37), as the group-by answers them. */
  aggregates: GroupAggregate[];
  /** Sub-groups; null until loaded (and always at the last level). */
  children: GroupNode[] | null;
  /** More sub-groups than were loaded. */
  more: boolean;
}

export interface GroupAggregate {
  /** The field's id, as the grid asked. */
  column: string;
  type: FooterAggregate;
  value: unknown;
}

export type Line =
  | { kind: "header"; node: GroupNode }
  | { kind: "row"; node: GroupNode; index: number }
  | { kind: "add"; node: GroupNode }
  | { kind: "loading"; node: GroupNode }
  | { kind: "more"; node: GroupNode | null };

type Segment = { start: number; size: number; line: Line };

/** A group value as a filter value: a person by id, a list (multi-select) as its text. */
function filterValue(value: unknown): string | number | boolean {
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((v) => filterValue(v)).join(",");
  if (value && typeof value === "object") {
    const o = value as { id?: unknown; email?: unknown };
    return String(o.id ?? o.email ?? JSON.stringify(value));
  }
  return String(value);
}

/** The column a level groups by: its id, and its type (which decides how a value is matched). */
export interface GroupColumn {
  id: string;
  uidt: string;
  bucket?: DateBucket | null;
}

/** The first and last day of a date bucket's text (`2024`, `2024-02`, `2024-02-29`). */
export function bucketRange(text: string): [string, string] {
  if (/^\d{4}$/.test(text)) return [`${text}-01-01`, `${text}-12-31`];
  const m = /^(\d{4})-(\d{2})$/.exec(text);
  if (m) {
    const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
    return [`${text}-01`, `${text}-${String(last).padStart(2, "0")}`];
  }
  return [text, text];
}

/** The conditions that select one group of a column (an instant is matched by both bounds). */
export function groupConds(column: GroupColumn, value: unknown): GroupCond[] {
  if (value === null || value === undefined || value === "") {
    return [{ fk_column_id: column.id, comparison_op: "blank", logical_op: "and" }];
  }
  // A bucket is the days from its first to its last (a day compares by the day on both types).
  if (column.bucket) {
    const [from, to] = bucketRange(String(value));
    return [
      { fk_column_id: column.id, comparison_op: "gte", logical_op: "and", value: from },
      { fk_column_id: column.id, comparison_op: "lte", logical_op: "and", value: to },
    ];
  }
  return groupMatchOps(column.uidt).map((op) => ({
    fk_column_id: column.id,
    comparison_op: op,
    logical_op: "and",
    value: filterValue(value),
  }));
}

export function groupNodes(
  parent: GroupNode | null,
  column: GroupColumn,
  list: ReadonlyArray<{ value: unknown; count: number; aggregates?: GroupAggregate[] }>,
): GroupNode[] {
  return list.map((g) => {
    const conds = groupConds(column, g.value);
    return {
      id: JSON.stringify([parent?.id ?? null, g.value ?? null]),
      level: parent ? parent.level + 1 : 0,
      columnId: column.id,
      value: g.value ?? null,
      count: g.count,
      aggregates: g.aggregates ?? [],
      path: [...(parent?.path ?? []), ...conds],
      values: [...(parent?.values ?? []), g.value ?? null],
      bucket: column.bucket ?? null,
      children: null,
      more: false,
    };
  });
}

export class GroupLines {
  private segs: Segment[] = [];
  readonly length: number;

  constructor(
    roots: readonly GroupNode[],
    rootMore: boolean,
    levels: number,
    collapsed: ReadonlySet<string>,
    canAdd: boolean,
  ) {
    let at = 0;
    const push = (line: Line, size = 1) => {
      if (size <= 0) return;
      this.segs.push({ start: at, size, line });
      at += size;
    };
    const walk = (node: GroupNode) => {
      push({ kind: "header", node });
      if (collapsed.has(node.id)) return;
      if (node.level < levels - 1) {
        if (node.children === null) return push({ kind: "loading", node });
        node.children.forEach(walk);
        if (node.more) push({ kind: "more", node });
        return;
      }
      push({ kind: "row", node, index: 0 }, node.count);
      if (canAdd) push({ kind: "add", node });
    };
    roots.forEach(walk);
    if (rootMore) push({ kind: "more", node: null });
    this.length = at;
  }

  /** The line at an index (a record line carries its index within its group). */
  at(i: number): Line | undefined {
    let lo = 0;
    let hi = this.segs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.segs[mid]!;
      if (i < s.start) hi = mid - 1;
      else if (i >= s.start + s.size) lo = mid + 1;
      else return s.line.kind === "row" ? { ...s.line, index: i - s.start } : s.line;
    }
    return undefined;
  }
}
