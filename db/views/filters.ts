import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { bad, missing } from "../errors";
import { newId } from "../ids";
import { compileWhere } from "../query";
import { queryTable } from "../rows/read";
import { tableRef } from "../rows/table-ref";
import { filters, type ColumnRow, type FilterRow, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { valueText } from "./filters-to-where";
import type { FilterInput } from "./inputs";
import { columnOfTable, findView, tableColumns } from "./lookup";
import { filterJson, type FilterJson } from "./shape";
import { readerColumn, visibleSetting, visibleSettings } from "./hidden-settings";

/**
 * Saved view filters (contract 4.6). A condition is checked when saved, exactly as the list will
 * compile it: an operator the column's type does not offer, a date sub-operator on another type,
 * or a value the column cannot hold is a 400 naming it. A half-typed condition (no operator or no
 * value yet) is kept and left out of queries. Groups hold children through fk_parent_id.
 */
const now = () => new Date().toISOString();

export function findFilter(store: ProjectStore, filterId: string): FilterRow {
  const f = store.meta.select().from(filters).where(eq(filters.id, filterId)).get();
  if (!f) throw missing("Filter not found");
  return visibleSetting(f, store, "Filter");
}

function children(store: ProjectStore, parentId: string): FilterRow[] {
  return store.meta.select().from(filters).where(eq(filters.parentId, parentId)).orderBy(asc(filters.order)).all();
}

export function listFilters(store: ProjectStore, projectId: string, viewId: string) {
  const v = findView(store, viewId);
  const rows = store.meta
    .select()
    .from(filters)
    .where(and(eq(filters.viewId, v.id), isNull(filters.parentId)))
    .orderBy(asc(filters.order))
    .all();
  return visibleSettings(store, v.id, rows).map((f) => filterJson(f, projectId));
}

export function listChildren(store: ProjectStore, projectId: string, groupId: string) {
  const group = findFilter(store, groupId);
  if (!group.isGroup) throw bad(`Filter '${groupId}' is not a filter group`);
  const kids = children(store, group.id);
  return (group.viewId ? visibleSettings(store, group.viewId, kids) : kids).map((f) => filterJson(f, projectId));
}

export const readFilter = (store: ProjectStore, projectId: string, filterId: string) =>
  filterJson(findFilter(store, filterId), projectId);

function checkParent(store: ProjectStore, v: ViewRow, parentId: string | null | undefined): string | null {
  if (!parentId) return null;
  const p = store.meta.select().from(filters).where(eq(filters.id, parentId)).get();
  if (!p || p.viewId !== v.id || !p.isGroup)
    throw bad(`fk_parent_id: '${parentId}' is not a filter group of this view`);
  return p.id;
}

/** Checks a condition by compiling it alone against the table; groups need no check. */
export function checkCondition(store: ProjectStore, v: ViewRow, cols: ColumnRow[], f: FilterInput) {
  if (f.is_group || !f.fk_column_id) return;
  const column = columnOfTable(cols, f.fk_column_id, "fk_column_id");
  readerColumn(store, v.modelId, column.id, "fk_column_id");
  if (!f.comparison_op) return;
  const table = queryTable(tableRef(store, v.modelId));
  if (!table.columns.some((c) => c.id === column.id))
    throw bad(`fk_column_id: ${column.title} (${column.uidt}) cannot be filtered yet`);
  const subOp = f.comparison_sub_op || undefined;
  compileWhere(
    table,
    {
      type: "cond",
      logicalOp: "and",
      column: column.title,
      op: f.comparison_op,
      value: valueText(f.value),
      ...(subOp ? { subOp } : {}),
    },
    { dialect: "sqlite" },
  );
}

function nextOrder(store: ProjectStore, viewId: string, parentId: string | null): number {
  const where = parentId ? eq(filters.parentId, parentId) : and(eq(filters.viewId, viewId), isNull(filters.parentId));
  return (
    (store.meta
      .select({ m: sql<number>`coalesce(max(${filters.order}), 0)` })
      .from(filters)
      .where(where)
      .get()?.m ?? 0) + 1
  );
}

interface Ctx {
  store: ProjectStore;
  projectId: string;
  view: ViewRow;
  cols: ColumnRow[];
}

function insertTree(x: Ctx, f: FilterInput, parentId: string | null, depth: number): FilterJson {
  if (depth > 10) throw bad("Filter groups nest at most 10 levels deep");
  if (f.children?.length && !f.is_group) throw bad("children: only a filter group (is_group: true) has children");
  checkCondition(x.store, x.view, x.cols, f);
  const ts = now();
  const isGroup = Boolean(f.is_group);
  const row: FilterRow = {
    id: newId("fi_"),
    viewId: x.view.id,
    hookId: null,
    parentId,
    columnId: isGroup ? null : (f.fk_column_id ?? null),
    logicalOp: f.logical_op ?? "and",
    comparisonOp: isGroup ? null : (f.comparison_op ?? null),
    comparisonSubOp: isGroup ? null : f.comparison_sub_op || null,
    value: isGroup ? null : (valueText(f.value) ?? null),
    isGroup: isGroup ? 1 : 0,
    order: nextOrder(x.store, x.view.id, parentId),
    createdAt: ts,
    updatedAt: ts,
  };
  x.store.meta.insert(filters).values(row).run();
  const kids = (f.children ?? []).map((child) => insertTree(x, child, row.id, depth + 1));
  return { ...filterJson(row, x.projectId), ...(f.children ? { children: kids } : {}) };
}

/** Creates a filter (and its `children`, recursively); answers it. */
export function createFilter(store: ProjectStore, projectId: string, viewId: string, input: FilterInput) {
  const view = findView(store, viewId);
  const x: Ctx = { store, projectId, view, cols: tableColumns(store, view.modelId) };
  return store.transaction(() => {
    return insertTree(x, input, checkParent(store, view, input.fk_parent_id), 0);
  });
}

/** The group and everything under it, children first. */
function subtree(store: ProjectStore, f: FilterRow): string[] {
  const below = f.isGroup ? children(store, f.id).flatMap((c) => subtree(store, c)) : [];
  return [...below, f.id];
}

/** Changes a filter as sent (children are not touched); answers the number of rows updated. */
export function updateFilter(store: ProjectStore, filterId: string, input: FilterInput) {
  const cur = findFilter(store, filterId);
  if (!cur.viewId) throw missing("Filter not found");
  const view = findView(store, cur.viewId);
  const pick = <K extends keyof FilterInput>(k: K, stored: FilterInput[K]) =>
    input[k] === undefined ? stored : input[k];
  const next: FilterInput = {
    is_group: Boolean(cur.isGroup),
    fk_column_id: pick("fk_column_id", cur.columnId),
    comparison_op: pick("comparison_op", cur.comparisonOp),
    comparison_sub_op: pick("comparison_sub_op", cur.comparisonSubOp),
    value: pick("value", cur.value),
    logical_op: pick("logical_op", cur.logicalOp as FilterInput["logical_op"]),
  };
  checkCondition(store, view, tableColumns(store, view.modelId), next);
  let parentId = cur.parentId;
  if (input.fk_parent_id !== undefined && input.fk_parent_id !== cur.parentId) {
    parentId = checkParent(store, view, input.fk_parent_id);
    if (parentId && subtree(store, cur).includes(parentId))
      throw bad("fk_parent_id: a filter group cannot go inside itself");
  }
  store.meta
    .update(filters)
    .set({
      columnId: cur.isGroup ? null : (next.fk_column_id ?? null),
      comparisonOp: cur.isGroup ? null : (next.comparison_op ?? null),
      comparisonSubOp: cur.isGroup ? null : next.comparison_sub_op || null,
      value: cur.isGroup ? null : (valueText(next.value) ?? null),
      logicalOp: next.logical_op ?? "and",
      parentId,
      updatedAt: now(),
    })
    .where(eq(filters.id, cur.id))
    .run();
  return 1;
}

/** Deletes a filter, or a group with everything in it; answers the ids that no longer exist. */
export function deleteFilter(store: ProjectStore, filterId: string): string[] {
  const f = findFilter(store, filterId);
  return store.transaction(() => {
    const gone = subtree(store, f);
    for (const id of gone) store.meta.delete(filters).where(eq(filters.id, id)).run();
    return gone;
  });
}
