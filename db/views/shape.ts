import type { ColumnRow, FilterRow, SortRow, ViewColumnRow } from "../store/schema";

/** View, grid, view-column, filter and sort objects as the contract returns them (API-CONTRACT 1.10). */

const baseId = (projectId: string) => `ds_${projectId.slice(2)}`;

/**
 * System columns start hidden and are shown only with `show_system_fields` (contract 1.10): foreign
 * keys, created_at/updated_at, an auto-increment or generated key, and anything flagged system.
 */
export function isSystemColumn(c: Pick<ColumnRow, "system" | "uidt" | "pk" | "ai" | "cdf" | "meta">): boolean {
  if (c.system || c.uidt === "ForeignKey" || c.uidt === "ID") return true;
  return Boolean(c.pk) && (Boolean(c.ai) || c.cdf !== null || Boolean((JSON.parse(c.meta) as { ag?: unknown }).ag));
}

export function viewColumnJson(vc: ViewColumnRow, projectId: string) {
  return {
    id: vc.id,
    fk_view_id: vc.viewId,
    fk_column_id: vc.columnId,
    base_id: baseId(projectId),
    project_id: projectId,
    uuid: null,
    label: null,
    help: null,
    width: vc.width,
    show: Boolean(vc.show),
    order: vc.order,
    created_at: vc.createdAt,
    updated_at: vc.updatedAt,
  };
}

export function filterJson(f: FilterRow, projectId: string) {
  return {
    id: f.id,
    base_id: baseId(projectId),
    project_id: projectId,
    fk_view_id: f.viewId,
    fk_hook_id: f.hookId,
    fk_column_id: f.columnId,
    fk_parent_id: f.parentId,
    logical_op: f.logicalOp,
    comparison_op: f.comparisonOp,
    comparison_sub_op: f.comparisonSubOp,
    value: f.value,
    is_group: Boolean(f.isGroup),
    order: f.order,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
  };
}

export type FilterJson = ReturnType<typeof filterJson> & { children?: FilterJson[] };

export function sortJson(s: SortRow, projectId: string) {
  return {
    id: s.id,
    base_id: baseId(projectId),
    project_id: projectId,
    fk_view_id: s.viewId,
    fk_column_id: s.columnId,
    direction: s.direction,
    order: s.order,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}
