/**
 * Binds a where tree to a table's columns and compiles it to a SQL fragment. Rules:
 * - Columns are matched by exact title; an unknown title is `Column 'X' not found in where` (a 400,
 *   where upstream silently ignores it). Virtual columns cannot be filtered yet.
 * - An unknown op is `<op> is not supported.`; an op the type's `filterOps` does not list is
 *   `'<op>' is not supported for '<title>' (<uidt>)`. `not` is checked as `neq`; `is`/`isnot` take
 *   null, notnull, empty, notempty, true or false and are checked as the op they stand for.
 * - A sub-op held apart on a node (stored filters) on a non-date column is
 *   `'<sub_op>' is not supported for UI Type'<uidt>'.`; in where text only date columns read one.
 * - An op that needs a value but has none (or "") is ignored, as the GUI sends half-typed filters;
 *   an ignored node is left out as if it were not written.
 * - Children join left to right with SQL precedence: NOT binds to its term, AND before OR;
 *   `~not` means AND NOT, and on the first child it negates it.
 */
import { fieldType } from "../fields/registry";
import { FILTER_OPS, type FilterOp } from "../fields/types";
import { dateOp } from "./date-ops";
import { NO_VALUE_OPS, kindOf, noValueOp, valueOp, type OpCtx } from "./filter-ops";
import { Frag, and, columnRef, not, or, sql } from "./sql";
import { indexedLike, type TextIndex } from "./text-index";
import { userOp } from "./user-ops";
import { MAX_DEPTH, parseWhere } from "./where-parser";
import { QueryError, type Dialect, type QueryColumn, type QueryTable, type WhereCond, type WhereNode } from "./types";

export interface WhereOptions {
  dialect: Dialect;
  /** The clock for date sub-operators; default the current time. */
  now?: Date;
  /** The user who runs the query: what `@me` means in filters on user columns. */
  me?: string | null;
  /** The table's trigram index, when it has a current one (the table's `textIndex`). */
  textIndex?: TextIndex;
}

const IS_VALUES: Record<string, [FilterOp, FilterOp]> = {
  null: ["null", "notnull"],
  notnull: ["notnull", "null"],
  empty: ["empty", "notempty"],
  notempty: ["notempty", "empty"],
  true: ["checked", "notchecked"],
  false: ["notchecked", "checked"],
};

/** `is x` / `isnot x` as the op it stands for; undefined when there is no value. */
function mapIs(op: "is" | "isnot", value: string | undefined): FilterOp | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const pair = IS_VALUES[value.trim()];
  if (!pair)
    throw new QueryError(`'${value}' is not a value for '${op}' (use null, notnull, empty, notempty, true or false)`);
  return op === "is" ? pair[0] : pair[1];
}

function compileCond(node: WhereCond, columns: Map<string, QueryColumn>, opts: WhereOptions): Frag | null {
  const column = columns.get(node.column) ?? node.ref;
  if (!column) throw new QueryError(`Column '${node.column}' not found in where`);
  const type = fieldType(column.uidt);
  if (!type || type.virtual)
    throw new QueryError(`Column '${column.title}' (${column.uidt}) cannot be used in where yet`);
  if (!(FILTER_OPS as readonly string[]).includes(node.op)) throw new QueryError(`${node.op} is not supported.`);
  let op = node.op as FilterOp;
  let value = node.value;
  let label: string = op;
  if (op === "is" || op === "isnot") {
    const mapped = mapIs(op, value);
    if (!mapped) return null;
    label = `${op} ${value?.trim()}`;
    op = mapped;
    value = undefined;
  }
  if (op === "not") op = "neq";
  if (!type.filterOps.includes(op))
    throw new QueryError(`'${label}' is not supported for '${column.title}' (${column.uidt})`);
  const x: OpCtx = {
    d: opts.dialect,
    column,
    c: columnRef(opts.dialect, column),
    now: opts.now ?? new Date(),
    me: opts.me ?? null,
  };
  const kind = kindOf(column.uidt);
  if (NO_VALUE_OPS.has(op)) return noValueOp(x, op);
  if (kind === "date" || kind === "datetime") return dateOp(x, op, value, node.subOp);
  if (node.subOp !== undefined) throw new QueryError(`'${node.subOp}' is not supported for UI Type'${column.uidt}'.`);
  if (value === undefined || value === "") return null;
  if (kind === "user") return userOp(x, op, value);
  const frag = valueOp(x, op, value);
  // Only a stored column's own value is in the index (not a computed column's expression).
  // Only the project store's tables have an index (and its SQLite the FTS5 it names).
  return op === "like" && frag && !column.expr ? indexedLike(opts.textIndex, column.columnName, value, frag) : frag;
}

/** Terms joined flat up to this many; longer chains become a balanced tree. */
const FLAT_CHAIN = 16;

/**
 * Joins terms with AND (or OR) as a balanced tree: SQLite refuses an expression tree deeper than
 * 100 (the project object's limit), and a flat chain of n terms is n deep; halves keep it log2 n.
 */
function chain(terms: readonly Frag[], join: (terms: readonly Frag[]) => Frag): Frag {
  if (terms.length <= FLAT_CHAIN) return join(terms);
  const mid = Math.ceil(terms.length / 2);
  return join([chain(terms.slice(0, mid), join), chain(terms.slice(mid), join)]);
}

function compileNode(
  node: WhereNode,
  columns: Map<string, QueryColumn>,
  opts: WhereOptions,
  depth: number,
): Frag | null {
  if (depth > MAX_DEPTH + 1) throw new QueryError(`Filter is too deeply nested: at most ${MAX_DEPTH} levels of groups`);
  if (node.type === "const") return node.value ? sql`1 = 1` : sql`1 = 0`;
  if (node.type === "cond") return compileCond(node, columns, opts);
  const segments: Frag[][] = [];
  for (const child of node.children) {
    // Under NOT the index is left out: a NULL cell is no candidate (false) where its like is
    // unknown (NULL), and NOT tells the two apart.
    const childOpts = child.logicalOp === "not" && opts.textIndex ? { ...opts, textIndex: undefined } : opts;
    const frag = compileNode(child, columns, childOpts, depth + 1);
    if (!frag) continue;
    const term = child.logicalOp === "not" ? not(frag) : frag;
    const current = segments[segments.length - 1];
    if (!current || child.logicalOp === "or") segments.push([term]);
    else current.push(term);
  }
  return segments.length === 0
    ? null
    : chain(
        segments.map((s) => chain(s, and)),
        or,
      );
}

/** The tree of a where text or a tree as given; null when there is no filter. */
export function toTree(where: string | WhereNode | null | undefined): WhereNode | null {
  if (where === undefined || where === null) return null;
  return typeof where === "string" ? parseWhere(where) : where;
}

/** The WHERE condition (without the keyword), or null when nothing filters. */
export function compileWhere(
  table: QueryTable,
  where: string | WhereNode | null | undefined,
  opts: WhereOptions,
): Frag | null {
  const tree = toTree(where);
  if (!tree) return null;
  const columns = new Map(table.columns.map((c) => [c.title, c]));
  // The tree is the first child of an implicit group, so a root `not` negates it like a leading ~not.
  const withIndex = table.textIndex && !opts.textIndex ? { ...opts, textIndex: table.textIndex } : opts;
  return compileNode({ type: "group", logicalOp: "and", children: [tree] }, columns, withIndex, 0);
}
