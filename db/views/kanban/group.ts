import { bad, unsupported } from "../../errors";
import { readOptions } from "../../fields/column-options";
import { servesView } from "../../fields/registry";
import { SingleSelectField } from "../../fields/SingleSelect";
import { compileCount, compileList, toTree, type ListParams, type WhereNode } from "../../query";
import { ensureIndexes } from "../../rows/auto-index";
import { apiRow, pageInfo, queryTable } from "../../rows/read";
import { anonymousReader, withoutEmails } from "../../rows/row-users";
import { tableRef } from "../../rows/table-ref";
import type { ProjectStore } from "../../store/store";
import { scopeParams, type RowScope } from "../scope";

/**
 * The grouped data list (contract 5.1 `group/{columnId}`, the kanban's stacks): one entry per
 * option of a SingleSelect column, in option order, then `null` (no value), each a page of rows
 * (`limit` per group, default 25, and `offset`) with `totalRows` = the rows in that group.
 * `optionsArrJson` (a JSON array of option titles and/or null) asks for some groups only, which is
 * how one stack loads more. The view's filters, sorts and fields apply as in the list.
 */
function groupKeys(text: string | undefined, titles: string[]): Array<string | null> {
  if (text === undefined || text.trim() === "") return [...titles, null];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad("optionsArrJson is not valid JSON");
  }
  if (!Array.isArray(parsed) || parsed.some((k) => k !== null && typeof k !== "string")) {
    throw bad("optionsArrJson must be a JSON array of option titles (or null for records without one)");
  }
  if (parsed.length > 100) throw bad("optionsArrJson: at most 100 groups at once");
  return parsed as Array<string | null>;
}

export function groupedList(
  store: ProjectStore,
  tableKey: string,
  columnId: string,
  params: ListParams,
  scope: RowScope,
  optionsArrJson?: string,
) {
  const t = tableRef(store, tableKey);
  if (t.virtual.some((v) => v.id === columnId)) throw unsupported("Grouping by a computed field is not supported");
  const col = t.cols.find((c) => c.id === columnId);
  if (!col) throw bad(`columnId: column '${columnId}' is not a column of this table`);
  if (!servesView(col.uidt, "stack")) throw bad(`columnId: '${col.title}' is not a single select field`);
  const options = readOptions(SingleSelectField, { colOptions: col.options });
  const titles = options.ok ? options.value.options.map((o) => o.title) : [];
  const keys = groupKeys(optionsArrJson, titles);
  const table = queryTable(t);
  const base = scopeParams(store, t, table, params, scope);
  const baseTree = toTree(base.where);
  // (stack field, key): each stack's page and count read only its own index entries.
  ensureIndexes(store, t, { sort: [col.title] });
  ensureIndexes(store, t, base);
  return keys.map((key) => {
    const cond: WhereNode =
      key === null
        ? { type: "cond", logicalOp: "and", column: col.title, op: "blank" }
        : { type: "cond", logicalOp: "and", column: col.title, op: "eq", value: key };
    const where: WhereNode = baseTree ? { type: "group", logicalOp: "and", children: [baseTree, cond] } : cond;
    const compiled = compileList({ dialect: "sqlite", table, ...base, where, me: scope.caller?.userId ?? null });
    const rows = store
      .exec(compiled.list.sql, ...(compiled.list.params as never[]))
      .map((raw) => apiRow(t, compiled.select, raw));
    const list = anonymousReader(scope) ? withoutEmails([...t.cols, ...t.virtual], rows) : rows;
    const counted = compileCount({ dialect: "sqlite", table, where, me: scope.caller?.userId ?? null });
    const totalRows = Number(store.exec(counted.sql, ...(counted.params as never[]))[0]?.count ?? 0);
    return { key, value: { list, pageInfo: pageInfo(totalRows, params.limit, params.offset) } };
  });
}
