import { bad, unsupported } from "../../errors";
import { readOptions } from "../../fields/column-options";
import { servesView } from "../../fields/registry";
import { SingleSelectField } from "../../fields/SingleSelect";
import type { ListParams, WhereNode } from "../../query";
import { pageInfo } from "../../page-info";
import type { RowColumn } from "../../rows/row-codec";

/**
 * The grouped data list's rules that do not depend on where the rows are (contract 5.1
 * `group/{columnId}`, the kanban's stacks): which column may group, which groups are asked for
 * and in what order, each group's condition and the shape of its page. The project's own tables
 * (group.ts) and an external database's (db/external/grouped-list.ts) read the pages.
 */

/** `optionsArrJson` as the groups asked for; absent or blank: every option in order, then `null`. */
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

/**
 * The stack column (a stored SingleSelect of the table) and the groups to read. `computed`: the
 * table's computed columns, which cannot group.
 */
export function stackGroups(
  cols: readonly RowColumn[],
  computed: ReadonlyArray<{ id: string }>,
  columnId: string,
  optionsArrJson: string | undefined,
): { col: RowColumn; keys: Array<string | null> } {
  if (computed.some((v) => v.id === columnId)) throw unsupported("Grouping by a computed field is not supported");
  const col = cols.find((c) => c.id === columnId);
  if (!col) throw bad(`columnId: column '${columnId}' is not a column of this table`);
  if (!servesView(col.uidt, "stack")) throw bad(`columnId: '${col.title}' is not a single select field`);
  const options = readOptions(SingleSelectField, { colOptions: col.options });
  const titles = options.ok ? options.value.options.map((o) => o.title) : [];
  return { col, keys: groupKeys(optionsArrJson, titles) };
}

/** One group's rows: the list's filter AND the stack field equal to the option (or blank for `null`). */
export function groupWhere(base: WhereNode | null, column: string, key: string | null): WhereNode {
  const cond: WhereNode =
    key === null
      ? { type: "cond", logicalOp: "and", column, op: "blank" }
      : { type: "cond", logicalOp: "and", column, op: "eq", value: key };
  return base ? { type: "group", logicalOp: "and", children: [base, cond] } : cond;
}

/** One group's entry in the answer: its key, and a page of its rows with the rows in that group. */
export function groupPage<R>(key: string | null, list: R[], totalRows: number, params: ListParams) {
  return { key, value: { list, pageInfo: pageInfo(totalRows, params.limit, params.offset) } };
}
