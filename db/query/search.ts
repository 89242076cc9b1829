/**
 * The search box filter (SPEC 7): `(field,like,%query%)` for text fields and `(field,eq,query)`
 * for the others. Rules:
 * - Without `fields` every searchable column is searched and the matches are ORed. How a type
 *   matches is the registry's `search`: text types with like; Attachment and JSON with like only
 *   when named; computed columns never.
 * - Other columns use eq, and only when the query is a valid value for them (a word never fails
 *   the whole search because a Number column cannot hold it).
 * - An empty query is no filter (null); a query no column can match is a false constant.
 * - Unknown titles in `fields` → `Column 'X' not found in search`.
 */
import { fieldType } from "../fields/registry";
import { QueryError, type QueryColumn, type QueryTable, type WhereCond, type WhereNode } from "./types";
import { parses } from "./filter-values";

export interface SearchInput {
  query: string;
  /** Titles to search; default every column. */
  fields?: string | readonly string[];
}

function condition(column: QueryColumn, query: string, named: boolean): WhereCond | null {
  const type = fieldType(column.uidt);
  if (!type || type.virtual || type.search === "none") return null;
  const base = { type: "cond" as const, logicalOp: "or" as const, column: column.title };
  if (type.search === "like" || (named && type.search === "likeWhenNamed")) {
    return type.filterOps.includes("like") ? { ...base, op: "like", value: `%${query}%` } : null;
  }
  if (type.search !== "eq" || !type.filterOps.includes("eq")) return null;
  return parses(column, query) ? { ...base, op: "eq", value: query } : null;
}

/** The search as a where tree; null when the query is empty. */
export function searchTree(table: QueryTable, input: SearchInput): WhereNode | null {
  if (input.query.trim() === "") return null;
  const named = input.fields !== undefined;
  const titles = typeof input.fields === "string" ? input.fields.split(",") : input.fields;
  const columns = titles
    ? titles
        .filter((t) => t.trim() !== "")
        .map((t) => {
          const column = table.columns.find((c) => c.title === t) ?? table.columns.find((c) => c.title === t.trim());
          if (!column) throw new QueryError(`Column '${t}' not found in search`);
          return column;
        })
    : table.columns;
  const children = columns.map((c) => condition(c, input.query, named)).filter((c): c is WhereCond => c !== null);
  if (children.length === 0) return { type: "const", logicalOp: "and", value: false };
  return { type: "group", logicalOp: "and", children };
}

/** SPEC 7's where text for one field, as the GUI sends it (the title is written as it is). */
export function searchWhereText(column: QueryColumn, query: string): string {
  return fieldType(column.uidt)?.search === "like"
    ? `(${column.title},like,%${query}%)`
    : `(${column.title},eq,${query})`;
}
