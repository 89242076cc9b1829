import { fieldType, parseOptions } from "../fields/registry";
import { computedHooks } from "../fields/computed/registry";
import { formulaResolver as resolverOver } from "../fields/computed/Formula";
import type { Compiled } from "../fields/computed/types";
import type { Dialect, UIType } from "../fields/types";
import type { FormulaResolver } from "../formula/types";
import type { ColumnRow, ModelRow } from "../store/schema";
import { Aliases, type ComputedSchema, type Restrict } from "./aliases";
import { optionsOf } from "./computed-value";
import { ident, sql, type Frag } from "./sql";
import type { QueryColumn } from "./types";
import { userJson } from "./user-json";
import { dialectOf } from "./dialects";

export { Aliases, type ComputedSchema, type Restrict };
export { LINKS_PER_ROW } from "../fields/computed/LinkToAnotherRecord";
export { formulaRawOf } from "../fields/computed/Formula";
export type { LinkFrom } from "./through-link";

/**
 * Links, lookups, rollups and formulas as SQL next to the data, for SQLite, PostgreSQL and
 * MySQL/MariaDB: each becomes a correlated sub-query of the row it belongs to, so a page of 25
 * rows with any number of them is ONE statement (no N+1). Native tables (db/rows) and external
 * ones (db/external) both compile here, from the meta rows the schema engine keeps; this module
 * reads the schema only through `ComputedSchema`, so db/schema and db/rows do not lean on each other.
 * Rules:
 * - a link selects its linked records as a JSON array of [key, display value], at most
 *   LINKS_PER_ROW of them, lowest key first (bt: one pair or NULL); filters and sorts see the
 *   display values joined with ", " (bt: the single display value), NULL when there is none;
 * - a lookup selects the target column of each linked record (hm/mm: a JSON array, flattened when
 *   the target is itself a list; bt: the single value); filters see the values joined with ", ";
 * - a rollup is an aggregate over the linked records: count/sum are 0 without links, the others NULL;
 * - a formula compiles to SQL over the row's columns, stored or computed (db/formula);
 * - display values and targets may themselves be computed: expressions nest, one alias per level;
 * - each computed type's SQL and decoder are its hooks (db/fields/computed/<Type>.ts);
 * - the linked tables are named as the table itself is (sql.ts tableIdent: `[schema].[table]` with
 *   a `dbSchema`, bare otherwise), and the row they belong to by its name (its alias when qualified).
 * The per-dialect pieces (JSON aggregation, ordered and limited lists) are in computed-sql.ts.
 */
const MAX_DEPTH = 6;

export interface VirtualColumn extends QueryColumn {
  decode: (raw: unknown) => unknown;
  /** A has-many or many-to-many link: the SQL counting its linked records (asLinkCount). */
  countExpr?: Frag;
}

/**
 * The column read as NocoDB v2 reads a `Links` field: the number of linked records, counted in the
 * same statement, in place of up to LINKS_PER_ROW of them; filters and sorts compare that number
 * too (NocoDB counts `Links` among its number types: nocodb-sdk `numericUITypes`). Any other
 * column, a belongs-to link included, is returned as it is.
 */
export function asLinkCount(v: VirtualColumn): VirtualColumn {
  if (!v.countExpr) return v;
  return {
    ...v,
    uidt: "Number",
    options: filterOptions("Number"),
    expr: v.countExpr,
    selectExpr: v.countExpr,
    decode: (raw) => Number(raw ?? 0),
  };
}

/** A column's value for the row of `model` called `alias` in the enclosing SQL. */
function columnSql(model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const { d } = names;
  const q = (n: string) => ident(d, n);
  if (col.columnName) {
    const ref = sql`${q(alias)}.${q(col.columnName)}`;
    // A person is looked up as the person (`{id, email, display_name}`) from the room's directory,
    // which only the room's SQLite holds; filters compare the id.
    const value = dialectOf(d).userDirectory && fieldType(col.uidt as UIType)?.writtenBy ? userJson(ref) : ref;
    return {
      scalar: ref,
      value,
      kind: "single",
      json: false,
      filterAs: col.uidt as UIType,
      filterOptions: optionsOf(col),
      stored: col,
    };
  }
  if (depth > MAX_DEPTH) throw new Error(`${col.title}: computed fields nest too deeply`);
  return computedHooks(col.uidt)!.sql({ model, col, alias, names, depth, column: columnSql });
}

/**
 * The formula resolver for the row `alias` of `model`: every column of the table, stored or
 * computed, as SQL of its formula type (lists are read as their joined text).
 */
export function formulaResolver(model: ModelRow, alias: string, names: Aliases, depth: number): FormulaResolver {
  return resolverOver(model, alias, names, depth, columnSql);
}

function filterOptions(uidt: UIType): Record<string, unknown> {
  const res = parseOptions(uidt, {});
  return res.ok ? (res.value as Record<string, unknown>) : {};
}

/**
 * The computed columns of a table as queryable columns, for the table addressed by its own name
 * (its alias when qualified: sql.ts tableSource); `dbSchema` names the tables the sub-queries read.
 */
export function virtualColumns(
  schema: ComputedSchema,
  model: ModelRow,
  cols: ColumnRow[],
  d: Dialect = "sqlite",
  restrict?: Restrict,
  dbSchema?: string,
): VirtualColumn[] {
  return cols
    .filter((c) => !c.columnName && fieldType(c.uidt as UIType)?.virtual)
    .map((c) => {
      const compiled = columnSql(model, c, model.tableName, new Aliases(schema, d, restrict, dbSchema), 0);
      return {
        id: c.id,
        title: c.title,
        columnName: `_v_${c.id}`,
        uidt: compiled.filterAs,
        options: compiled.filterOptions ?? filterOptions(compiled.filterAs),
        expr: compiled.scalar,
        selectExpr: compiled.value,
        decode: computedHooks(c.uidt)!.decode(schema, d, c, compiled),
        ...(compiled.count ? { countExpr: compiled.count } : {}),
      };
    });
}

/**
 * The type each computed column of a table filters and sorts as (db/query/result-type.ts), by
 * column id; the table's meta carries it as `filter_uidt` so the filter builder offers what the
 * where compiler accepts. A column that no longer compiles (a broken formula) is left out.
 */
export function filterTypes(schema: ComputedSchema, model: ModelRow, cols: ColumnRow[]): Map<string, UIType> {
  const out = new Map<string, UIType>();
  for (const c of cols) {
    if (c.columnName || !fieldType(c.uidt as UIType)?.virtual) continue;
    try {
      out.set(c.id, columnSql(model, c, model.tableName, new Aliases(schema), 0).filterAs);
    } catch {
      // Reading the table still works; the column just offers no filter operators.
    }
  }
  return out;
}

/** The type a computed column's value filters as (a rollup's sum needs a number: see virtual-columns). */
export function computedFilterType(schema: ComputedSchema, model: ModelRow, col: ColumnRow): UIType {
  return columnSql(model, col, model.tableName, new Aliases(schema), 0).filterAs;
}
