import { bad } from "../errors";
import type { WhereNode } from "../query";
import type { ColumnRow, FilterRow } from "../store/schema";
import { filterInput, type FilterInput } from "./inputs";

/**
 * Saved filters and `filterArrJson` (contract 1.6, 4.6) as where trees for the query compiler.
 * Rules:
 * - a condition names its column by id; the tree names it by title, as where text does;
 * - a value is text: numbers and booleans as written, lists joined with commas (in, btw, anyof);
 * - a condition without a column or an operator is a filter still being typed: it is left out,
 *   as the compiler leaves out one without a value;
 * - a saved condition whose column is gone is left out; in filterArrJson it is a 400.
 */
export function valueText(value: FilterInput["value"]): string | undefined {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? value.join(",") : String(value);
}

type Node = {
  logical_op?: string | null;
  comparison_op?: string | null;
  comparison_sub_op?: string | null;
  value?: FilterInput["value"];
};

function cond(n: Node, column: ColumnRow | undefined): WhereNode | null {
  if (!column || !n.comparison_op) return null;
  return {
    type: "cond",
    logicalOp: (n.logical_op ?? "and") as "and" | "or" | "not",
    column: column.title,
    op: n.comparison_op,
    value: valueText(n.value),
    ...(n.comparison_sub_op ? { subOp: n.comparison_sub_op } : {}),
  };
}

const group = (children: WhereNode[], logicalOp = "and"): WhereNode => ({
  type: "group",
  logicalOp: logicalOp as "and",
  children,
});

/** The saved filters of a view (all its rows) as one tree; null when there are none. */
export function storedTree(rows: FilterRow[], cols: ColumnRow[]): WhereNode | null {
  const byId = new Map(cols.map((c) => [c.id, c]));
  const level = (parentId: string | null): WhereNode[] =>
    rows
      .filter((r) => r.parentId === parentId)
      .sort((a, b) => a.order - b.order)
      .flatMap((r) => {
        const node = r.isGroup
          ? group(level(r.id), r.logicalOp)
          : cond(
              {
                logical_op: r.logicalOp,
                comparison_op: r.comparisonOp,
                comparison_sub_op: r.comparisonSubOp,
                value: r.value,
              },
              byId.get(r.columnId ?? ""),
            );
        return node ? [node] : [];
      });
  const top = level(null);
  return top.length ? group(top) : null;
}

/** `filterArrJson`: a JSON array of filter objects with nested `children`. */
export function arrayTree(text: string | undefined, cols: ColumnRow[]): WhereNode | null {
  if (text === undefined || text.trim() === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad("filterArrJson is not valid JSON");
  }
  if (!Array.isArray(parsed)) throw bad("filterArrJson must be a JSON array of filters");
  const byId = new Map(cols.map((c) => [c.id, c]));
  const convert = (items: unknown[], path: string): WhereNode[] =>
    items.flatMap((item, i) => {
      const res = filterInput.safeParse(item);
      const at = `${path}[${i}]`;
      if (!res.success) {
        const issue = res.error.issues[0];
        throw bad(
          `${at}${issue?.path.length ? `.${issue.path.join(".")}` : ""}: ${issue?.message ?? "invalid filter"}`,
        );
      }
      const f = res.data;
      if (f.is_group) return [group(convert(f.children ?? [], `${at}.children`), f.logical_op ?? "and")];
      if (f.fk_column_id && !byId.has(f.fk_column_id))
        throw bad(`${at}.fk_column_id: column '${f.fk_column_id}' is not a column of this table`);
      const node = cond(f, byId.get(f.fk_column_id ?? ""));
      return node ? [node] : [];
    });
  const top = convert(parsed, "filterArrJson");
  return top.length ? group(top) : null;
}
