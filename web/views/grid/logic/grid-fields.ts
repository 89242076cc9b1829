/**
 * The grid's columns: table columns merged with the view's grid columns. Rules:
 * - Hidden from the grid and its Fields menu: system columns and an auto-increment key
 *   (API-CONTRACT 1.10), unless the view shows system fields.
 * - The display-value column (pv) comes first and is always shown (it is the frozen column);
 *   without one, the first shown column is frozen.
 * - Others follow the grid columns' `order`; a column the view does not list yet is shown, after
 *   the listed ones, in table order. Widths come from the grid column ("200px"), else the type's
 *   (FieldUi.width).
 */
import type { Column } from "../../../api/types";
import type { GridColumn } from "../../../api/view-types";
import { FIELD_UI } from "../../../fields/registry";

export interface GridField {
  column: Column;
  gridColumnId: string | null;
  show: boolean;
  order: number;
  width: number;
}

export const MIN_WIDTH = 60;
export const MAX_WIDTH = 1200;

export function defaultWidth(column: Column): number {
  return column.pv ? 220 : (FIELD_UI[column.uidt]?.width ?? 180);
}

export function parseWidth(width: string | null | undefined): number | null {
  const n = width ? Number.parseFloat(width) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(n))) : null;
}

export const isSystemField = (c: Column) => c.system || (c.pk && Boolean(c.ai));

export function gridFields(
  columns: readonly Column[],
  gridColumns: readonly GridColumn[] | null,
  showSystem = false,
): GridField[] {
  const byColumn = new Map((gridColumns ?? []).map((g) => [g.fk_column_id, g]));
  const candidates = columns.filter((c) => showSystem || !isSystemField(c));
  const listedMax = Math.max(0, ...(gridColumns ?? []).map((g) => g.order ?? 0));
  const fields = candidates.map((column, i) => {
    const g = byColumn.get(column.id);
    return {
      column,
      gridColumnId: g?.id ?? null,
      show: column.pv || (g ? Boolean(g.show) : true),
      order: g?.order ?? listedMax + 1 + i,
      width: parseWidth(g?.width) ?? defaultWidth(column),
    };
  });
  return fields.sort((a, b) => Number(b.column.pv) - Number(a.column.pv) || a.order - b.order);
}

export const visibleFields = (fields: readonly GridField[]) => fields.filter((f) => f.show);

/** Moves field `from` to position `to` (indexes in `fields`); the first (frozen) field stays. */
export function moveField(fields: readonly GridField[], from: number, to: number): GridField[] {
  const lo = fields[0]?.column.pv ? 1 : 0;
  if (from < lo || to < lo || from >= fields.length || to >= fields.length || from === to) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The grid-column updates that store `ordered` as the view's order (only the changed ones). */
export function orderPlan(ordered: readonly GridField[]): Array<{ id: string; order: number }> {
  return ordered.flatMap((f, i) => (f.gridColumnId && f.order !== i + 1 ? [{ id: f.gridColumnId, order: i + 1 }] : []));
}
