import { asc, eq } from "drizzle-orm";
import { bad } from "../errors";
import { toTree, type ListParams, type QueryColumn, type QueryTable, type WhereNode } from "../query";
import { queryColumnOf } from "../rows/row-codec";
import { fullTableRef, type TableRef } from "../rows/table-ref";
import { filters, sorts, type ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { rangeColumnIds } from "./calendar/range-columns";
import { timelineColumnIds } from "./timeline/settings";
import { VIEW_TYPE } from "./types";
import { arrayTree, storedTree } from "./filters-to-where";
import { tableColumns, viewOfTable } from "./lookup";
import { colourRulesOf, type ColourRules } from "./colour-settings";
import { colourPlan, type ColourPlan } from "./colour-plan";
import { checkKind, type Caller } from "./kinds";
import { isSystemColumn } from "./shape";
import { orderedViewColumns, syncViewColumns } from "./sync";

/**
 * Row reads through a view and with `filterArrJson` / `sortArrJson` (contract 1.6, 5.1). Rules:
 * - filter = the view's saved filters AND filterArrJson AND where;
 * - sort = explicit `sort`, else sortArrJson (when not empty), else the view's saved sorts; the
 *   compiler ends every order with the primary key;
 * - fields = the view's shown columns in view order (system columns only with show_system_fields),
 *   always with the primary key, the display value and a calendar's date fields; `fields` narrows that set (a hidden column
 *   asked for is left out; an unknown title is still the compiler's 400);
 * - what a view holds is memoised with the table refs, so every schema change refreshes it;
 * - a saved sort or column the compiler cannot read yet (a computed type without SQL) is skipped;
 * - a saved filter on a field hidden from the reader (db/access) still applies: the builder set
 *   it; the reader may not name that field (the compiler's 400) nor see the filter (filters.ts).
 *   A saved sort on such a field is skipped, as the order would tell its values.
 */
export interface RowScope {
  /** A view id or title of the table (`{viewName}`). */
  view?: string;
  /** Who reads: another person's personal view is "View not found" to them (kinds.ts). */
  caller?: Caller;
  filterArrJson?: string;
  sortArrJson?: string;
}

export type ScopedParams = Omit<ListParams, "where"> & {
  where?: string | WhereNode;
  /** The view's colour rules as CASE selections (colour-plan.ts) and how rows' answers read. */
  colours?: ColourPlan["cases"];
  colourPlan?: ColourPlan;
};

interface ViewScope {
  tree: WhereNode | null;
  sort: string[];
  visible: string[];
  colours: ColourRules;
}

const term = (c: ColumnRow, direction: string) => `${direction === "desc" ? "-" : ""}${c.title}`;

function loadView(store: ProjectStore, t: TableRef, viewKey: string): ViewScope {
  const key = `viewscope:${t.model.id}:${viewKey}`;
  const known = store.schemaCache.get(key) as ViewScope | undefined;
  if (known) return known;
  const v = viewOfTable(store, t.model.id, viewKey);
  syncViewColumns(store, t.model.id);
  const cols = tableColumns(store, t.model.id);
  const byId = new Map(cols.map((c) => [c.id, c]));
  // Every key column (a composite key's too): clients name a row by all of them.
  const keys = cols.filter((c) => c.pk);
  const shown = (c: ColumnRow, show: number) =>
    Boolean(c.pv) || (Boolean(show) && (!isSystemColumn(c) || Boolean(v.showSystemFields)));
  const visible = orderedViewColumns(store, v.id, cols.find((c) => c.pv)?.id).flatMap((r) => {
    const c = byId.get(r.columnId);
    return c && !c.pk && shown(c, r.show) ? [c.title] : [];
  });
  for (const id of [...rangeColumnIds(v), ...(v.type === VIEW_TYPE.timeline ? timelineColumnIds(v) : [])]) {
    const c = byId.get(id);
    if (c && !visible.includes(c.title)) visible.push(c.title);
  }
  const savedSorts = store.meta.select().from(sorts).where(eq(sorts.viewId, v.id)).orderBy(asc(sorts.order)).all();
  const scope: ViewScope = {
    tree: storedTree(store.meta.select().from(filters).where(eq(filters.viewId, v.id)).all(), cols),
    sort: savedSorts.flatMap((s) => (byId.has(s.columnId) ? [term(byId.get(s.columnId)!, s.direction)] : [])),
    visible: [...keys.map((c) => c.title), ...visible],
    colours: colourRulesOf(v),
  };
  store.schemaCache.set(key, scope);
  return scope;
}

/** `sortArrJson`: `[{fk_column_id, direction}]` as sort terms; undefined when absent or empty. */
function arraySort(text: string | undefined, cols: ColumnRow[]): string[] | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad("sortArrJson is not valid JSON");
  }
  if (!Array.isArray(parsed)) throw bad("sortArrJson must be a JSON array of sorts");
  const terms = parsed.map((item, i) => {
    const s = (item ?? {}) as { fk_column_id?: unknown; direction?: unknown };
    const c = cols.find((x) => x.id === s.fk_column_id);
    if (!c)
      throw bad(`sortArrJson[${i}].fk_column_id: column '${String(s.fk_column_id)}' is not a column of this table`);
    if (s.direction !== undefined && s.direction !== "asc" && s.direction !== "desc")
      throw bad(`sortArrJson[${i}].direction: must be asc or desc`);
    return term(c, String(s.direction ?? "asc"));
  });
  return terms.length ? terms : undefined;
}

const isEmpty = (scope: RowScope | undefined) => !scope || (!scope.view && !scope.filterArrJson && !scope.sortArrJson);

/** The list parameters with the view and the JSON extras applied; the same params when there are none. */
export function scopeParams(
  store: ProjectStore,
  t: TableRef,
  table: QueryTable,
  params: ListParams,
  scope?: RowScope,
): ScopedParams {
  if (isEmpty(scope)) return params;
  const cols = tableColumns(store, t.model.id);
  if (scope!.view && scope!.caller) checkKind(viewOfTable(store, t.model.id, scope!.view), scope!.caller, "read");
  const view = scope!.view ? loadView(store, t, scope!.view) : null;
  const queryable = new Set(table.columns.map((c) => c.title));
  const viewTree = view?.tree && t.access ? withHiddenColumns(store, t, queryable, view.tree) : view?.tree;
  // The caller's own filters and sorts name only what they may read: a hidden field's id is
  // no column to them (and its title is not told back in the message).
  const theirs = t.access ? cols.filter((c) => queryable.has(c.title)) : cols;
  const trees = [viewTree, arrayTree(scope!.filterArrJson, theirs), toTree(params.where)].filter(
    (n): n is WhereNode => !!n,
  );
  const out: ScopedParams = {
    ...params,
    where: trees.length ? { type: "group", logicalOp: "and", children: trees } : undefined,
  };
  const sort =
    params.sort ??
    arraySort(scope!.sortArrJson, theirs) ??
    view?.sort.filter((s) => queryable.has(s.replace(/^-/, "")));
  if (sort) out.sort = sort;
  if (view) {
    const plan = colourPlan(view.colours, cols, queryable, (tree) =>
      t.access ? withHiddenColumns(store, t, queryable, tree) : tree,
    );
    if (plan) {
      out.colours = plan.cases;
      out.colourPlan = plan;
    }
    const visible = view.visible.filter((title) => queryable.has(title));
    const asked = params.fields?.some((f) => f.trim() === "*") ? undefined : params.fields;
    const narrowed = asked?.filter((f) => visible.includes(f.trim()) || !queryable.has(f.trim()));
    out.fields = narrowed ? (narrowed.length ? narrowed : visible.slice(0, 1)) : visible;
  }
  return out;
}

/**
 * The view's saved filter tree with each condition on a field missing from the reader's table
 * bound to that field of the whole table, so that the compiler applies it rather than refusing it.
 */
function withHiddenColumns(store: ProjectStore, t: TableRef, queryable: Set<string>, tree: WhereNode): WhereNode {
  let full: Map<string, QueryColumn> | undefined;
  const bind = (node: WhereNode): WhereNode => {
    if (node.type === "group") return { ...node, children: node.children.map(bind) };
    if (node.type !== "cond" || queryable.has(node.column)) return node;
    full ??= wholeColumns(fullTableRef(store, t.model.id));
    const ref = full.get(node.column);
    return ref ? { ...node, ref } : node;
  };
  return bind(tree);
}

/** Every column of a table as the compiler reads it in a where: stored ones and computed ones. */
function wholeColumns(t: TableRef): Map<string, QueryColumn> {
  return new Map([...t.cols.map(queryColumnOf), ...t.virtual].map((c) => [c.title, c]));
}

/** A count-cache key part for the filter: it must differ whenever the matching rows can. */
export const whereKey = (where: string | WhereNode | undefined) =>
  where === undefined ? "" : typeof where === "string" ? `w:${where}` : `t:${JSON.stringify(where)}`;
