/**
 * Shapes the query compiler works on. Rules:
 * - A column is addressed by its exact `title` in where/sort/fields; SQL only ever names `columnName`.
 * - Only physical columns are queryable for now (virtual types come with their sub-queries later).
 * - Every problem with a request is a QueryError (HTTP 400) whose message names what is wrong.
 */
import type { UIType } from "../fields/types";
import type { Frag } from "./sql";
import type { TextIndex } from "./text-index";

export type { Dialect, FilterOp, UIType } from "../fields/types";

export interface QueryColumn {
  id: string;
  title: string;
  columnName: string;
  uidt: UIType;
  /** The type's options as `parseOptions` returns them (defaults applied). */
  options: Record<string, unknown>;
  pk?: boolean;
  /**
   * Computed columns (links, lookups, rollups, formulas): the scalar SQL that where and sort use
   * instead of the column itself, and the SQL that the select list reads (as `columnName`).
   */
  expr?: Frag;
  selectExpr?: Frag;
  /** What a sort orders by when it is not the column (or `expr`): a user column's display name. */
  sortExpr?: Frag;
}

export interface QueryTable {
  tableName: string;
  /**
   * The schema the table and those its computed columns reach are named in (`[schema].[table]`,
   * sql.ts tableIdent): set only for a source whose session does not reach it by itself (SQL
   * Server on a schema other than the login's default). Absent: names stay bare.
   */
  dbSchema?: string;
  columns: QueryColumn[];
  /**
   * The reader's row rule (db/access): ANDed into every statement compiled for this table, so no
   * read path can forget it. Absent for readers who see every row.
   */
  rowRule?: Frag | null;
  /** The project store's trigram index of the table's text fields, when it has a current one. */
  textIndex?: TextIndex;
}

export { QueryError, type Compiled } from "./compiled";

/** How a node joins the sibling before it; on the first child, `not` negates it and the rest mean nothing. */
export type LogicalOp = "and" | "or" | "not";

/** `(title,op[,value])`; `subOp` is set by callers that hold it apart (stored view filters). */
export interface WhereCond {
  type: "cond";
  logicalOp: LogicalOp;
  column: string;
  op: string;
  value?: string;
  subOp?: string;
  /**
   * The column itself when the table compiled against lacks it: a builder's saved view filter on a
   * field hidden from the reader still applies (views/scope.ts). Never set from a request.
   */
  ref?: QueryColumn;
  /** 1-based position in the where text, for messages. */
  pos?: number;
}

export interface WhereGroup {
  type: "group";
  logicalOp: LogicalOp;
  children: WhereNode[];
  pos?: number;
}

/** A fixed truth value, e.g. a search that no column can match. */
export interface WhereConst {
  type: "const";
  logicalOp: LogicalOp;
  value: boolean;
}

export type WhereNode = WhereCond | WhereGroup | WhereConst;
