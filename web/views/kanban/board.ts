/**
 * The kanban board as data: stacks from the SingleSelect field's options plus "uncategorized"
 * (records without a value), in the order kept in the kanban's meta (`meta[fk_grp_col_id]`, as
 * the NocoDB GUI keeps it) with each stack's collapse; the order of cards moved by hand within a
 * stack is kept in `meta.cardOrder[stackId]` (row keys; cards not listed follow in the server's order).
 */
import type { SelectOption } from "../../api/types";
import type { Row } from "../../api/view-types";
import { rowIdOf } from "../../lib/row-id";

export const UNCATEGORIZED = "uncategorized";

export interface StackMeta {
  id: string;
  title: string | null;
  color?: string | null;
  order: number;
  collapsed: boolean;
}

export interface KanbanMeta {
  [groupColumnId: string]: unknown;
  cardOrder?: Record<string, Array<string | number>>;
  /** Work-in-progress limits per stack id (db/views/card-meta.ts checks them). */
  wipLimits?: Record<string, number>;
  coverFit?: "crop" | "fit";
}

export interface Stack {
  id: string;
  /** The option title, or null for uncategorized. */
  key: string | null;
  color: string | null;
  collapsed: boolean;
}

export function parseMeta(text: string | null | undefined): KanbanMeta {
  try {
    const parsed = JSON.parse(text || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as KanbanMeta) : {};
  } catch {
    return {};
  }
}

export function stacksOf(options: readonly SelectOption[], meta: KanbanMeta, groupColumnId: string): Stack[] {
  const saved = Array.isArray(meta[groupColumnId]) ? (meta[groupColumnId] as StackMeta[]) : [];
  const byId = new Map(saved.map((s, i) => [s.id, { ...s, order: typeof s.order === "number" ? s.order : i }]));
  const stacks: Array<Stack & { order: number }> = [
    {
      id: UNCATEGORIZED,
      key: null,
      color: null,
      collapsed: Boolean(byId.get(UNCATEGORIZED)?.collapsed),
      order: byId.get(UNCATEGORIZED)?.order ?? -1,
    },
    ...options.map((o, i) => {
      const id = o.id ?? o.title;
      const s = byId.get(id) ?? [...byId.values()].find((x) => x.title === o.title);
      return {
        id,
        key: o.title,
        color: o.color ?? null,
        collapsed: Boolean(s?.collapsed),
        order: s?.order ?? i + 1000,
      };
    }),
  ];
  return stacks.sort((a, b) => a.order - b.order).map(({ order: _order, ...s }) => s);
}

/** The meta after a stack moves to `to` or changes collapse. */
export function withStacks(meta: KanbanMeta, groupColumnId: string, stacks: readonly Stack[]): KanbanMeta {
  return {
    ...meta,
    [groupColumnId]: stacks.map((s, order) => ({
      id: s.id,
      title: s.key,
      color: s.color,
      order,
      collapsed: s.collapsed,
    })),
  };
}

/** Cards of a stack in hand order: keys listed in `order` first, as listed, then the rest as loaded. */
export function orderCards(
  rows: readonly Row[],
  keyTitle: string,
  order: ReadonlyArray<string | number> | undefined,
): Row[] {
  if (!order?.length) return [...rows];
  const rank = new Map(order.map((k, i) => [String(k), i]));
  return [...rows].sort(
    (a, b) =>
      (rank.get(String(rowIdOf(a, keyTitle))) ?? Infinity) - (rank.get(String(rowIdOf(b, keyTitle))) ?? Infinity),
  );
}

export const MAX_HAND_ORDER = 200;

/** A stack's work-in-progress limit (`meta.wipLimits[stackId]`), or null for none. */
export function wipLimitOf(meta: KanbanMeta, stackId: string): number | null {
  const limits = meta.wipLimits as Record<string, unknown> | undefined;
  const n = limits && typeof limits === "object" ? limits[stackId] : undefined;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : null;
}

/** The meta with a stack's limit set, or removed when `limit` is null. */
export function withWipLimit(meta: KanbanMeta, stackId: string, limit: number | null): KanbanMeta {
  const { [stackId]: _old, ...rest } = meta.wipLimits ?? {};
  return { ...meta, wipLimits: limit === null ? rest : { ...rest, [stackId]: limit } };
}
