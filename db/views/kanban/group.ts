import { compileCount, compileList, toTree, type ListParams } from "../../query";
import { ensureIndexes } from "../../rows/auto-index";
import { apiRow, queryTable } from "../../rows/read";
import { anonymousReader, withoutEmails } from "../../rows/row-users";
import { tableRef } from "../../rows/table-ref";
import type { ProjectStore } from "../../store/store";
import { scopeParams, type RowScope } from "../scope";
import { withColour } from "../colour-plan";
import { groupPage, groupWhere, stackGroups } from "./group-pages";

/**
 * The grouped data list (contract 5.1 `group/{columnId}`, the kanban's stacks): one entry per
 * option of a SingleSelect column, in option order, then `null` (no value), each a page of rows
 * (`limit` per group, default 25, and `offset`) with `totalRows` = the rows in that group.
 * `optionsArrJson` (a JSON array of option titles and/or null) asks for some groups only, which is
 * how one stack loads more. The view's filters, sorts and fields apply as in the list.
 * group-pages.ts holds the rules shared with an external database's tables.
 */
export function groupedList(
  store: ProjectStore,
  tableKey: string,
  columnId: string,
  params: ListParams,
  scope: RowScope,
  optionsArrJson?: string,
) {
  const t = tableRef(store, tableKey);
  const { col, keys } = stackGroups(t.cols, t.virtual, columnId, optionsArrJson);
  const table = queryTable(t);
  const base = scopeParams(store, t, table, params, scope);
  const baseTree = toTree(base.where);
  // (stack field, key): each stack's page and count read only its own index entries.
  ensureIndexes(store, t, { sort: [col.title] });
  ensureIndexes(store, t, base);
  return keys.map((key) => {
    const where = groupWhere(baseTree, col.title, key);
    const compiled = compileList({ dialect: "sqlite", table, ...base, where, me: scope.caller?.userId ?? null });
    const rows = store
      .exec(compiled.list.sql, ...(compiled.list.params as never[]))
      .map((raw) => withColour(apiRow(t, compiled.select, raw), base.colourPlan, raw));
    const list = anonymousReader(scope) ? withoutEmails([...t.cols, ...t.virtual], rows) : rows;
    const counted = compileCount({ dialect: "sqlite", table, where, me: scope.caller?.userId ?? null });
    const totalRows = Number(store.exec(counted.sql, ...(counted.params as never[]))[0]?.count ?? 0);
    return groupPage(key, list, totalRows, params);
  });
}
