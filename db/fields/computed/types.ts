/**
 * The query half of the computed types (links, lookups, rollups, formulas): how a column of each
 * becomes SQL next to the data, how its selected value reads back, and what a new one stores.
 * Kept apart from FieldType (db/fields/types.ts) because it speaks the query compiler's types
 * (Frag, the meta rows), which themselves name field types: the type modules stay below them.
 */
import type { FormulaType } from "../../formula/types";
import type { Aliases, ComputedSchema } from "../../query/aliases";
import type { Frag } from "../../query/sql";
import type { ColumnRow, ModelRow } from "../../store/schema";
import type { Dialect, UIType } from "../types";

export type Kind = "single" | "list";

export interface Compiled {
  /** Formulas: the result type, for decoding and for formulas that use this one. */
  formulaType?: FormulaType;
  /** Scalar SQL for where and sort. */
  scalar: Frag;
  /** SQL read by the select list. */
  value: Frag;
  kind: Kind;
  /** `value` is JSON (a list, or a link's [key, display] pair). */
  json: boolean;
  /** The type filters should treat the scalar as. */
  filterAs: UIType;
  /** The settings of the stored column a lookup resolves to (its select options, date format...). */
  filterOptions?: Record<string, unknown>;
  /** A lookup of a stored column: that column (its values, or a list's items, decode by its type). */
  stored?: ColumnRow;
  /** A has-many or many-to-many link: the number of its linked records (NocoDB v2's `Links` value). */
  count?: Frag;
}

/** A column's value for the row of `model` called `alias` in the enclosing SQL (db/query/computed.ts). */
export type ColumnSql = (model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number) => Compiled;

/** One computed column being compiled for the row `alias` of `model`, `depth` levels down. */
export interface SqlCtx {
  model: ModelRow;
  col: ColumnRow;
  alias: string;
  names: Aliases;
  depth: number;
  /** Any column's value, stored or computed: what a computed column reads nests through it. */
  column: ColumnSql;
}

/** A decoder from the selected SQL value to the API value (contract 1.11). */
export type Decoder = (
  schema: ComputedSchema,
  d: Dialect,
  col: ColumnRow,
  compiled: Compiled,
) => (raw: unknown) => unknown;

/** What a new computed column's settings are checked against (db/schema/computed-fields.ts). */
export interface NewComputed {
  /** The create payload's settings: colOptions with the payload's top-level keys over them. */
  opts: Record<string, unknown>;
  /** The link column of this table a lookup or rollup goes through. */
  relation(id: string): ColumnRow;
  /** The column of the linked table it reads, named by the setting `name`. */
  target(rel: ColumnRow, id: string, name: string): ColumnRow;
  /** Whether sum and avg may add up the column. */
  holdsNumbers(target: ColumnRow): boolean;
  /** A formula's checked settings: its text with references by id. */
  formula(raw: unknown): object;
}

/** A computed type's hooks (db/fields/computed/registry.ts). */
export interface ComputedHooks {
  /** The SQL of a column of it: one correlated sub-query of the row, so a page is one statement. */
  sql(x: SqlCtx): Compiled;
  decode: Decoder;
  /**
   * The colOptions a new column of it stores, checked against the table. Absent: links, which
   * the link module makes whole (both sides and their key or junction table).
   */
  settings?(x: NewComputed): object;
}
