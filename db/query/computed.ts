import { fieldType, parseOptions } from "../fields/registry";
import { linkOptions } from "../fields/LinkToAnotherRecord";
import type { Dialect, UIType, VirtualUIType } from "../fields/types";
import { type Frag, ident, join, sql, tableIdent } from "./sql";
import type { QueryColumn } from "./types";
import { compileFormula, formulaTypeOf, formulaValue, parseFormula, physicalSql, toRaw } from "../formula";
import { FormulaError, type FormulaResolver, type FormulaType } from "../formula/types";
import { computedResultType } from "./result-type";
import { userJson } from "./user-json";
import { fromDialectValue } from "./dialect-values";
import type { ColumnRow, ModelRow } from "../store/schema";
import { jsonList, jsonPair, listElements, perRecord, textList, type ListOrder } from "./computed-sql";

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
 * - the linked tables are named as the table itself is (sql.ts tableIdent: `[schema].[table]` with
 *   a `dbSchema`, bare otherwise), and the row they belong to by its name (its alias when qualified).
 * The per-dialect pieces (JSON aggregation, ordered and limited lists) are in computed-sql.ts.
 */
export const LINKS_PER_ROW = 25;
const MAX_DEPTH = 6;

/** The schema as the compiler reads it: a table's meta row and its columns in order. */
export interface ComputedSchema {
  model(id: string): ModelRow;
  columns(modelId: string): ColumnRow[];
}

type Kind = "single" | "list";

interface Compiled {
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
}

export interface VirtualColumn extends QueryColumn {
  decode: (raw: unknown) => unknown;
}

/**
 * An extra condition on the records a link reaches in its target table (the reader's row rule
 * there, db/access), with the target named `alias`; null when every record may be seen.
 */
export type Restrict = (targetModelId: string, alias: string) => Frag | null;

/** One compilation: the schema, the dialect, alias numbering and the formulas being compiled. */
export class Aliases {
  n = 0;
  /** Formula columns being compiled, innermost last: a repeat is a cycle. */
  formulas: string[] = [];
  constructor(
    readonly schema: ComputedSchema,
    readonly d: Dialect = "sqlite",
    readonly restrict?: Restrict,
    /** The database schema the linked tables are named in (QueryTable `dbSchema`); absent: bare names. */
    readonly dbSchema?: string,
  ) {}
  next() {
    return `_v${++this.n}`;
  }
}

const key = (cols: ColumnRow[]) => cols.find((c) => c.pk)!;
const display = (cols: ColumnRow[]) => cols.find((c) => c.pv) ?? key(cols);

function optionsOf(c: ColumnRow): Record<string, unknown> {
  const raw = { ...JSON.parse(c.meta), ...(c.colOptions ? JSON.parse(c.colOptions) : {}) };
  const res = parseOptions(c.uidt as UIType, raw);
  return res.ok ? (res.value as Record<string, unknown>) : raw;
}

/** A column's value for the row of `model` called `alias` in the enclosing SQL. */
function columnSql(model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const { d } = names;
  const q = (n: string) => ident(d, n);
  if (col.columnName) {
    const ref = sql`${q(alias)}.${q(col.columnName)}`;
    // A person is looked up as the person (`{id, email, display_name}`) from the room's directory,
    // which only the room's SQLite holds; filters compare the id.
    const value = d === "sqlite" && fieldType(col.uidt as UIType)?.writtenBy ? userJson(ref) : ref;
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
  return COMPILERS[col.uidt as VirtualUIType].sql(model, col, alias, names, depth);
}

/** A lookup's or rollup's linked records (`from`) and the target column's value in them (`t`). */
function throughTarget(model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number) {
  const { schema } = names;
  const o = JSON.parse(col.colOptions ?? "{}") as Record<string, string>;
  const through = fieldType(col.uidt as UIType).computed!.through!(o);
  const rel = schema.columns(model.id).find((c) => c.id === through.relation)!;
  const related = schema.model(linkOptions(rel).fk_related_model_id);
  const target = schema.columns(related.id).find((c) => c.id === through.target)!;
  const inner = names.next();
  const from = throughLink(model, rel, alias, inner, names);
  const t = columnSql(related, target, inner, names, depth + 1);
  return { o, from, t };
}

function rollupSql(model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const { d } = names;
  const { o, from, t } = throughTarget(model, col, alias, names, depth);
  const fn = o.rollup_function!;
  // SQL Server aggregates the value by name (computed-sql.ts `perRecord`).
  const each = fn === "count" ? { value: t.scalar, sql: from.sql } : perRecord(d, t.scalar, from);
  const v = each.value;
  const agg = {
    count: sql`COUNT(*)`,
    sum: sql`COALESCE(SUM(${v}), 0)`,
    // SQL Server averages integers as integers.
    avg: d === "mssql" ? sql`AVG(CAST(${v} AS float))` : sql`AVG(${v})`,
    min: sql`MIN(${v})`,
    max: sql`MAX(${v})`,
    countDistinct: sql`COUNT(DISTINCT ${v})`,
    sumDistinct: sql`COALESCE(SUM(DISTINCT ${v}), 0)`,
    avgDistinct: d === "mssql" ? sql`AVG(DISTINCT CAST(${v} AS float))` : sql`AVG(DISTINCT ${v})`,
  }[fn as "count"]!;
  const expr = sql`(SELECT ${agg} ${each.sql})`;
  return {
    scalar: expr,
    value: expr,
    kind: "single",
    json: false,
    filterAs: computedResultType({ uidt: "Rollup", fn }),
  };
}

function lookupSql(model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const { d } = names;
  const { from, t } = throughTarget(model, col, alias, names, depth);
  const filterAs = computedResultType({
    uidt: "Lookup",
    many: !from.single,
    target: t.filterAs,
    targetIsList: t.kind === "list",
  });
  if (from.single) {
    return {
      scalar: sql`(SELECT ${t.scalar} ${from.sql})`,
      value: sql`(SELECT ${t.value} ${from.sql})`,
      kind: t.kind,
      json: t.json,
      filterAs,
      filterOptions: filterAs === t.filterAs ? t.filterOptions : undefined,
      stored: t.stored,
    };
  }
  const order: ListOrder = from.order;
  const list = t.kind === "list" ? listElements(d, t.value, from, order) : jsonList(d, t.value, t.json, from, order);
  return {
    scalar: textList(d, t.scalar, from, order),
    value: list,
    kind: "list",
    json: true,
    filterAs,
    stored: t.stored,
  };
}

/**
 * The formula resolver for the row `alias` of `model`: every column of the table, stored or
 * computed, as SQL of its formula type (lists are read as their joined text).
 */
export function formulaResolver(model: ModelRow, alias: string, names: Aliases, depth: number): FormulaResolver {
  const cols = names.schema.columns(model.id);
  return (title) => {
    const col = cols.find((c) => c.title === title);
    if (!col) return undefined;
    if (col.columnName) {
      const type = formulaTypeOf(col.uidt as UIType);
      return type
        ? {
            type,
            sql: physicalSql(
              col.uidt as UIType,
              sql`${ident(names.d, alias)}.${ident(names.d, col.columnName)}`,
              names.d,
            ),
          }
        : { type: "unsupported", uidt: col.uidt as UIType };
    }
    const c = columnSql(model, col, alias, names, depth + 1);
    // Only a formula's own compilation carries its formula type.
    const type = c.kind === "list" ? "string" : (c.formulaType ?? formulaTypeOf(c.filterAs) ?? "string");
    // On PostgreSQL and MySQL a stored value looked up through belongs-to links reads in its formula
    // form (numbers as double, dates as text), as the column itself would; SQLite's values already are.
    const value =
      names.d !== "sqlite" && c.stored && c.kind === "single" && formulaTypeOf(c.stored.uidt as UIType)
        ? physicalSql(c.stored.uidt as UIType, c.scalar, names.d)
        : c.scalar;
    return { type: type === "null" ? "string" : type, sql: value };
  };
}

/** Formula text with `{{cl_id}}` references as the user reads it (current titles). */
export function formulaRawOf(schema: ComputedSchema, col: ColumnRow): string {
  const o = JSON.parse(col.colOptions ?? "{}") as { formula?: string; formula_raw?: string };
  const titles = new Map(schema.columns(col.modelId).map((c) => [c.id, c.title]));
  return o.formula ? toRaw(o.formula, titles) : (o.formula_raw ?? "");
}

function formulaSql(model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const raw = formulaRawOf(names.schema, col);
  const stack = names.formulas;
  if (stack.includes(col.id)) {
    const title = (id: string) => names.schema.columns(model.id).find((c) => c.id === id)?.title ?? id;
    throw new FormulaError(`Formula cycle: ${[...stack, col.id].map(title).join(" → ")}`, 1);
  }
  stack.push(col.id);
  try {
    const compiled = compileFormula(parseFormula(raw), names.d, formulaResolver(model, alias, names, depth));
    return {
      scalar: compiled.sql,
      value: compiled.sql,
      kind: "single",
      json: false,
      filterAs: computedResultType({ uidt: "Formula", type: compiled.type }),
      formulaType: compiled.type,
    };
  } finally {
    stack.pop();
  }
}

export interface LinkFrom {
  /** `FROM ... WHERE ...` selecting the linked records as `inner`. */
  sql: Frag;
  /** The same, split: the FROM items and the condition (lists add items between them). */
  from: Frag;
  where: Frag;
  single: boolean;
  /** The linked records' key, in which lists are ordered. */
  order: Frag;
}

/** The records linked to row `alias` through `rel`, as `inner`. */
function throughLink(model: ModelRow, rel: ColumnRow, alias: string, inner: string, names: Aliases): LinkFrom {
  const { schema, d } = names;
  const q = (n: string) => ident(d, n);
  const table = (n: string) => tableIdent(d, n, names.dbSchema);
  const o = linkOptions(rel);
  const related = schema.model(o.fk_related_model_id);
  const relCols = schema.columns(related.id);
  const here = schema.columns(model.id);
  const nameIn = (cols: ColumnRow[], id: string | undefined, fallback: ColumnRow) =>
    (cols.find((c) => c.id === id) ?? fallback).columnName!;
  // The reader's row rule on the target table, if any, narrows every link, lookup and rollup.
  const extra = names.restrict?.(related.id, inner);
  const done = (single: boolean, from: Frag, link: Frag, order: Frag): LinkFrom => {
    const where = extra ? sql`${link} AND (${extra})` : link;
    return { sql: sql`${from} WHERE ${where}`, from, where, single, order };
  };
  if (o.type === "mm") {
    const j = schema.model(o.fk_mm_model_id!);
    const jCols = schema.columns(j.id);
    const mine = jCols.find((c) => c.id === o.fk_mm_child_column_id)!.columnName!;
    const theirs = jCols.find((c) => c.id === o.fk_mm_parent_column_id)!.columnName!;
    const theirKey = nameIn(relCols, o.fk_parent_column_id, key(relCols));
    const myKey = nameIn(here, o.fk_child_column_id, key(here));
    const jAlias = `${inner}_j`;
    return done(
      false,
      sql`FROM ${table(j.tableName)} AS ${q(jAlias)} JOIN ${table(related.tableName)} AS ${q(inner)} ON ${q(inner)}.${q(theirKey)} = ${q(jAlias)}.${q(theirs)}`,
      sql`${q(jAlias)}.${q(mine)} = ${q(alias)}.${q(myKey)}`,
      sql`${q(inner)}.${q(theirKey)}`,
    );
  }
  const fk = [...here, ...relCols].find((c) => c.id === o.fk_child_column_id)!.columnName!;
  if (o.type === "hm") {
    const myKey = nameIn(here, o.fk_parent_column_id, key(here));
    // Every key column orders the list: an external table's key may be composite.
    const order = join(
      relCols.filter((c) => c.pk && c.columnName).map((c) => sql`${q(inner)}.${q(c.columnName!)}`),
      ", ",
    );
    return done(
      false,
      sql`FROM ${table(related.tableName)} AS ${q(inner)}`,
      sql`${q(inner)}.${q(fk)} = ${q(alias)}.${q(myKey)}`,
      order,
    );
  }
  const theirKey = nameIn(relCols, o.fk_parent_column_id, key(relCols));
  return done(
    true,
    sql`FROM ${table(related.tableName)} AS ${q(inner)}`,
    sql`${q(inner)}.${q(theirKey)} = ${q(alias)}.${q(fk)}`,
    sql`${q(inner)}.${q(theirKey)}`,
  );
}

function linkSql(model: ModelRow, rel: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const { schema, d } = names;
  const o = linkOptions(rel);
  const related = schema.model(o.fk_related_model_id);
  const relCols = schema.columns(related.id);
  const inner = names.next();
  const from = throughLink(model, rel, alias, inner, names);
  const pv = columnSql(related, display(relCols), inner, names, depth + 1);
  // The same link under a second alias, for dialects that find the n-th key in a sub-query.
  const nth = throughLink(model, rel, alias, `${inner}_n`, names);
  const pair = jsonPair(d, sql`${ident(d, inner)}.${ident(d, linkKey(names.schema, rel).columnName!)}`, pv.scalar);
  const filterAs = computedResultType({ uidt: "LinkToAnotherRecord", many: !from.single });
  if (from.single)
    return {
      scalar: sql`(SELECT ${pv.scalar} ${from.sql})`,
      value: sql`(SELECT ${pair} ${from.sql})`,
      kind: "single",
      json: true,
      filterAs,
    };
  return {
    scalar: textList(d, pv.scalar, from, from.order),
    value: jsonList(d, pair, true, from, from.order, { n: LINKS_PER_ROW, from: nth, order: nth.order }),
    kind: "list",
    json: true,
    filterAs,
  };
}

/** The column of the linked table a link's records are keyed by (the first of its [key, display] pair). */
function linkKey(schema: ComputedSchema, rel: ColumnRow): ColumnRow {
  const o = linkOptions(rel);
  const relCols = schema.columns(o.fk_related_model_id);
  if (o.type === "hm") return key(relCols);
  return relCols.find((c) => c.id === o.fk_parent_column_id) ?? key(relCols);
}

const parsed = (raw: unknown) => (typeof raw === "string" ? JSON.parse(raw) : raw);

/** A decoder from the selected SQL value to the API value (contract 1.11). */
type Decoder = (schema: ComputedSchema, d: Dialect, col: ColumnRow, compiled: Compiled) => (raw: unknown) => unknown;

/** A link's records as `{key, display}` objects: one (belongs-to) or a list. */
const linkDecoder: Decoder = (schema, d, col) => {
  const o = linkOptions(col);
  const relCols = schema.columns(o.fk_related_model_id);
  const k = linkKey(schema, col);
  const pv = display(relCols);
  const record = (pair: unknown[]) => ({
    [k.title]: pair[0],
    ...(pv.id !== k.id ? { [pv.title]: apiValue(pv, pair[1], d) } : {}),
  });
  if (o.type === "bt") return (raw) => (raw === null ? null : record(parsed(raw) as unknown[]));
  return (raw) => (raw === null ? [] : (parsed(raw) as unknown[][]).map(record));
};

/** A lookup's values: each as its stored column's type reads it. */
const lookupDecoder: Decoder = (_schema, d, _col, compiled) => {
  const stored = compiled.kind === "single" && !compiled.json && d !== "sqlite" ? compiled.stored : undefined;
  const items = compiled.kind === "list" && d !== "sqlite" ? compiled.stored : undefined;
  const person = Boolean(fieldType(compiled.filterAs)?.writtenBy);
  return (raw) => {
    if (raw === null || raw === undefined) return null;
    // A list's items come in the database's JSON forms (pg timestamps, MariaDB 0/1): each through its type.
    if (items) {
      const list = parsed(raw);
      return Array.isArray(list) ? list.map((item) => (item === null ? null : apiValue(items, item, d))) : list;
    }
    // Other dialects answer in their own forms (pg numerics as text, dates as Date): the stored form first.
    if (stored) return apiValue(stored, fromDialectValue(stored.uidt as UIType, raw, d), "sqlite");
    if (typeof raw === "string" && (raw.startsWith("[") || (person && raw.startsWith("{")))) {
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    }
    return raw;
  };
};

/** Each computed type's SQL (one correlated sub-query per column) and its value decoder. */
const COMPILERS: {
  [K in VirtualUIType]: {
    sql(model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled;
    decode: Decoder;
  };
} = {
  LinkToAnotherRecord: { sql: linkSql, decode: linkDecoder },
  Lookup: { sql: lookupSql, decode: lookupDecoder },
  Rollup: { sql: rollupSql, decode: () => (raw) => (raw === null ? null : Number(raw)) },
  Formula: {
    sql: formulaSql,
    decode: (_s, _d, _c, compiled) => (raw) => formulaValue(compiled.formulaType ?? "string", raw),
  },
};

function apiValue(col: ColumnRow, raw: unknown, d: Dialect) {
  if (!col.columnName || raw === null) return raw;
  const value = d === "sqlite" ? raw : fromDialectValue(col.uidt as UIType, raw, d);
  return fieldType(col.uidt as UIType).toApi(value as string | number, { title: col.title, options: optionsOf(col) });
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
        decode: COMPILERS[c.uidt as VirtualUIType].decode(schema, d, c, compiled),
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
