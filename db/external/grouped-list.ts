/**
 * The grouped data list (contract 5.1 `group/{columnId}`, the kanban's stacks) on an external
 * table: the same groups, conditions and answer as the project's own tables
 * (db/views/kanban/group-pages.ts), each group's page and count compiled for the source's dialect
 * as its list is (rows.ts). Counts are exact, as the source's group-by counts are.
 */
import { compileCount, compileList, toTree, type ListParams } from "../query";
import { anonymousReader, withoutEmails } from "../rows/row-users";
import { groupPage, groupWhere, stackGroups } from "../views/kanban/group-pages";
import { scopeParams, type RowScope } from "../views/scope";
import { withColour } from "../views/colour-plan";
import { apiRows, computedOf, fullTable, tableOf, type ExtCtx } from "./rows";

export async function groupedList(
  x: ExtCtx,
  tableKey: string,
  columnId: string,
  params: ListParams,
  scope: RowScope,
  optionsArrJson?: string,
) {
  const t = tableOf(x, tableKey);
  const computed = computedOf(x, t);
  const { col, keys } = stackGroups(t.cols, computed, columnId, optionsArrJson);
  const table = fullTable(x, t);
  const base = scopeParams(x.store, t.ref, table, params, scope);
  const baseTree = toTree(base.where);
  const d = x.driver.dialect;
  const me = scope.caller?.userId ?? null;
  const pages = [];
  for (const key of keys) {
    const where = groupWhere(baseTree, col.title, key);
    const compiled = compileList({ dialect: d, table, ...base, where, me });
    const raws = await x.driver.query(compiled.list.sql, compiled.list.params);
    const rows = apiRows(x, t, compiled.select, raws).map((row, i) => withColour(row, base.colourPlan, raws[i]!));
    const list = anonymousReader(scope) ? withoutEmails([...t.cols, ...computed], rows) : rows;
    const counted = compileCount({ dialect: d, table, where, me });
    const totalRows = Number((await x.driver.query(counted.sql, counted.params))[0]?.count ?? 0);
    pages.push(groupPage(key, list, totalRows, params));
  }
  return pages;
}
