import { fieldType, parseOptions } from "../fields/registry";
import type { UIType } from "../fields/types";
import { type Frag, ident, param, sql } from "../query/sql";
import type { QueryColumn } from "../query";
import { compileFormula, formulaTypeOf, formulaValue, parseFormula, physicalSql, toRaw } from "../formula";
import { FormulaError, type FormulaResolver, type FormulaType } from "../formula/types";
import { computedResultType } from "../query/result-type";
import { userJson } from "./row-users";
import { optionsOf } from "../schema/column-def";
import { linkOptions } from "../schema/links";
import { findModel, modelColumns } from "../schema/tables";
import type { ColumnRow, ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";

/**
 * Links, lookups and rollups as SQL next to the data: each becomes a correlated sub-query of the
 * row it belongs to, so a page of 25 rows with any number of them is ONE statement (no N+1).
 * Rules:
 * - a link selects its linked records as a JSON array of [key, display value], at most
 *   LINKS_PER_ROW of them, oldest link first (bt: one pair or NULL); filters and sorts see the
 *   display values joined with ", " (bt: the single display value), NULL when there is none;
 * - a lookup selects the target column of each linked record (hm/mm: a JSON array, flattened when
 *   the target is itself a list; bt: the single value); filters see the values joined with ", ";
 * - a rollup is an aggregate over the linked records: count/sum are 0 without links, the others NULL;
 * - a formula compiles to SQL over the row's columns, stored or computed (db/formula);
 * - display values and targets may themselves be computed: expressions nest, one alias per level.
 */
export const LINKS_PER_ROW = 25;
const MAX_DEPTH = 6;

type Kind = "single" | "list";

interface Compiled {
  /** Formulas: the result type, for decoding and for formulas that use this one. */
  formulaType?: FormulaType;
  /** Scalar SQL for where and sort. */
  scalar: Frag;
  /** SQL read by the select list. */
  value: Frag;
  kind: Kind;
  /** The type filters should treat the scalar as. */
  filterAs: UIType;
  /** The settings of the stored column a lookup resolves to (its select options, date format...). */
  filterOptions?: Record<string, unknown>;
}

export interface VirtualColumn extends QueryColumn {
  decode: (raw: unknown) => unknown;
}

/**
 * An extra condition on the records a link reaches in its target table (the reader's row rule
 * there, db/access), with the target named `alias`; null when every record may be seen.
 */
export type Restrict = (targetModelId: string, alias: string) => Frag | null;

export class Aliases {
  n = 0;
  constructor(readonly restrict?: Restrict) {}
  /** Formula columns being compiled, innermost last: a repeat is a cycle. */
  formulas: string[] = [];
  next() {
    return `_v${++this.n}`;
  }
}

const q = (name: string) => ident("sqlite", name);
const key = (cols: ColumnRow[]) => cols.find((c) => c.pk)!;
const display = (cols: ColumnRow[]) => cols.find((c) => c.pv) ?? key(cols);

/** A column's value for the row of `model` called `alias` in the enclosing SQL. */
function columnSql(store: ProjectStore, model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  if (col.columnName) {
    const ref = sql`${q(alias)}.${q(col.columnName)}`;
    // A person is looked up as the person (`{id, email, display_name}`); filters compare the id.
    const value = fieldType(col.uidt as UIType)?.writtenBy ? userJson(ref) : ref;
    return { scalar: ref, value, kind: "single", filterAs: col.uidt as UIType, filterOptions: optionsOf(col) };
  }
  if (depth > MAX_DEPTH) throw new Error(`${col.title}: computed fields nest too deeply`);
  if (col.uidt === "LinkToAnotherRecord") return linkSql(store, model, col, alias, names, depth);
  if (col.uidt === "Formula") return formulaSql(store, model, col, alias, names, depth);
  const o = JSON.parse(col.colOptions ?? "{}") as Record<string, string>;
  const rel = modelColumns(store, model.id).find((c) => c.id === o.fk_relation_column_id)!;
  const related = findModel(store, linkOptions(rel).fk_related_model_id);
  const targetId = col.uidt === "Lookup" ? o.fk_lookup_column_id : o.fk_rollup_column_id;
  const target = modelColumns(store, related.id).find((c) => c.id === targetId)!;
  const inner = names.next();
  const from = throughLink(store, model, rel, alias, inner, names);
  const t = columnSql(store, related, target, inner, names, depth + 1);
  if (col.uidt === "Rollup") {
    const fn = o.rollup_function!;
    const agg = {
      count: sql`COUNT(*)`, sum: sql`COALESCE(SUM(${t.scalar}), 0)`, avg: sql`AVG(${t.scalar})`, min: sql`MIN(${t.scalar})`,
      max: sql`MAX(${t.scalar})`, countDistinct: sql`COUNT(DISTINCT ${t.scalar})`, sumDistinct: sql`COALESCE(SUM(DISTINCT ${t.scalar}), 0)`,
      avgDistinct: sql`AVG(DISTINCT ${t.scalar})`,
    }[fn as "count"]!;
    const expr = sql`(SELECT ${agg} ${from.sql})`;
    return { scalar: expr, value: expr, kind: "single", filterAs: computedResultType({ uidt: "Rollup", fn }) };
  }
  const filterAs = computedResultType({ uidt: "Lookup", many: !from.single, target: t.filterAs, targetIsList: t.kind === "list" });
  if (from.single) {
    return { scalar: sql`(SELECT ${t.scalar} ${from.sql})`, value: sql`(SELECT ${t.value} ${from.sql})`, kind: t.kind, filterAs, filterOptions: filterAs === t.filterAs ? t.filterOptions : undefined };
  }
  const list = t.kind === "list"
    ? sql`(SELECT json_group_array(_e.value) ${from.sql}, json_each(${t.value}) AS _e)`
    : sql`(SELECT json_group_array(${t.value}) ${from.sql})`;
  return { scalar: sql`(SELECT group_concat(${t.scalar}, ', ') ${from.sql})`, value: list, kind: "list", filterAs };
}

/**
 * The formula resolver for the row `alias` of `model`: every column of the table, stored or
 * computed, as SQL of its formula type (lists are read as their joined text).
 */
export function formulaResolver(store: ProjectStore, model: ModelRow, alias: string, names: Aliases, depth: number): FormulaResolver {
  const cols = modelColumns(store, model.id);
  return (title) => {
    const col = cols.find((c) => c.title === title);
    if (!col) return undefined;
    if (col.columnName) {
      const type = formulaTypeOf(col.uidt as UIType);
      return type ? { type, sql: physicalSql(col.uidt as UIType, sql`${q(alias)}.${q(col.columnName)}`, "sqlite") } : { type: "unsupported", uidt: col.uidt as UIType };
    }
    const c = columnSql(store, model, col, alias, names, depth + 1);
    const type = c.kind === "list" ? "string" : col.uidt === "Formula" ? c.formulaType! : (formulaTypeOf(c.filterAs) ?? "string");
    return { type: type === "null" ? "string" : type, sql: c.scalar };
  };
}

/** Formula text with `{{cl_id}}` references as the user reads it (current titles). */
export function formulaRawOf(store: ProjectStore, col: ColumnRow): string {
  const o = JSON.parse(col.colOptions ?? "{}") as { formula?: string; formula_raw?: string };
  const titles = new Map(modelColumns(store, col.modelId).map((c) => [c.id, c.title]));
  return o.formula ? toRaw(o.formula, titles) : (o.formula_raw ?? "");
}

function formulaSql(store: ProjectStore, model: ModelRow, col: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const raw = formulaRawOf(store, col);
  const stack = names.formulas;
  if (stack.includes(col.id)) throw new FormulaError(`Formula cycle: ${[...stack, col.id].map((id) => modelColumns(store, model.id).find((c) => c.id === id)?.title ?? id).join(" → ")}`, 1);
  stack.push(col.id);
  try {
    const compiled = compileFormula(parseFormula(raw), "sqlite", formulaResolver(store, model, alias, names, depth));
    return { scalar: compiled.sql, value: compiled.sql, kind: "single", filterAs: computedResultType({ uidt: "Formula", type: compiled.type }), formulaType: compiled.type };
  } finally {
    stack.pop();
  }
}

/** `FROM ... WHERE ...` selecting the records linked to row `alias` through `rel`, as `inner`. */
function throughLink(store: ProjectStore, model: ModelRow, rel: ColumnRow, alias: string, inner: string, names: Aliases) {
  const o = linkOptions(rel);
  const related = findModel(store, o.fk_related_model_id);
  const extra = names.restrict?.(related.id, inner);
  const rule = extra ? sql` AND (${extra})` : sql``;
  const relCols = modelColumns(store, related.id);
  const here = modelColumns(store, model.id);
  if (o.type === "mm") {
    const j = findModel(store, o.fk_mm_model_id!);
    const jCols = modelColumns(store, j.id);
    const mine = jCols.find((c) => c.id === o.fk_mm_child_column_id)!.columnName!;
    const theirs = jCols.find((c) => c.id === o.fk_mm_parent_column_id)!.columnName!;
    const jAlias = `${inner}_j`;
    return {
      single: false,
      sql: sql`FROM ${q(j.tableName)} AS ${q(jAlias)} JOIN ${q(related.tableName)} AS ${q(inner)} ON ${q(inner)}.${q(key(relCols).columnName!)} = ${q(jAlias)}.${q(theirs)} WHERE ${q(jAlias)}.${q(mine)} = ${q(alias)}.${q(key(here).columnName!)}${rule}`,
    };
  }
  const fk = [...here, ...relCols].find((c) => c.id === o.fk_child_column_id)!.columnName!;
  if (o.type === "hm") {
    return { single: false, sql: sql`FROM ${q(related.tableName)} AS ${q(inner)} WHERE ${q(inner)}.${q(fk)} = ${q(alias)}.${q(key(here).columnName!)}${rule}` };
  }
  return { single: true, sql: sql`FROM ${q(related.tableName)} AS ${q(inner)} WHERE ${q(inner)}.${q(key(relCols).columnName!)} = ${q(alias)}.${q(fk)}${rule}` };
}

function linkSql(store: ProjectStore, model: ModelRow, rel: ColumnRow, alias: string, names: Aliases, depth: number): Compiled {
  const o = linkOptions(rel);
  const related = findModel(store, o.fk_related_model_id);
  const relCols = modelColumns(store, related.id);
  const inner = names.next();
  const from = throughLink(store, model, rel, alias, inner, names);
  const pv = columnSql(store, related, display(relCols), inner, names, depth + 1);
  const pair = sql`json_array(${q(inner)}.${q(key(relCols).columnName!)}, ${pv.scalar})`;
  const filterAs = computedResultType({ uidt: "LinkToAnotherRecord", many: !from.single });
  if (from.single) return { scalar: sql`(SELECT ${pv.scalar} ${from.sql})`, value: sql`(SELECT ${pair} ${from.sql})`, kind: "single", filterAs };
  const limited = sql`(SELECT ${pair} AS pair ${from.sql} ORDER BY ${q(inner)}.${q(key(relCols).columnName!)} LIMIT ${param(LINKS_PER_ROW)})`;
  return {
    scalar: sql`(SELECT group_concat(${pv.scalar}, ', ') ${from.sql})`,
    value: sql`(SELECT json_group_array(json(_l.pair)) FROM ${limited} AS _l)`,
    kind: "list",
    filterAs,
  };
}

/** Decoders from the selected SQL value to the API value (contract 1.11). */
function decoder(store: ProjectStore, model: ModelRow, col: ColumnRow, compiled: Compiled): (raw: unknown) => unknown {
  if (col.uidt === "Formula") return (raw) => formulaValue(compiled.formulaType ?? "string", raw);
  if (col.uidt === "Rollup") return (raw) => (raw === null ? null : Number(raw));
  if (col.uidt === "LinkToAnotherRecord") {
    const o = linkOptions(col);
    const relCols = modelColumns(store, o.fk_related_model_id);
    const k = key(relCols);
    const pv = display(relCols);
    const record = (pair: unknown[]) => ({ [k.title]: pair[0], ...(pv.id !== k.id ? { [pv.title]: apiValue(pv, pair[1]) } : {}) });
    if (o.type === "bt") return (raw) => (raw === null ? null : record(JSON.parse(String(raw))));
    return (raw) => (raw === null ? [] : (JSON.parse(String(raw)) as unknown[][]).map(record));
  }
  const person = Boolean(fieldType(compiled.filterAs)?.writtenBy);
  return (raw) => {
    if (raw === null || raw === undefined) return null;
    if (typeof raw === "string" && (raw.startsWith("[") || (person && raw.startsWith("{")))) {
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    }
    return raw;
  };
}

function apiValue(col: ColumnRow, raw: unknown) {
  if (!col.columnName || raw === null) return raw;
  return fieldType(col.uidt as UIType).toApi(raw as string | number, { title: col.title, options: optionsOf(col) });
}

function filterOptions(uidt: UIType): Record<string, unknown> {
  const res = parseOptions(uidt, {});
  return res.ok ? (res.value as Record<string, unknown>) : {};
}

/** The computed columns of a table as queryable columns, for the table addressed by its own name. */
export function virtualColumns(store: ProjectStore, model: ModelRow, cols: ColumnRow[], restrict?: Restrict): VirtualColumn[] {
  return cols
    .filter((c) => !c.columnName && ["LinkToAnotherRecord", "Lookup", "Rollup", "Formula"].includes(c.uidt))
    .map((c) => {
      const compiled = columnSql(store, model, c, model.tableName, new Aliases(restrict), 0);
      return {
        id: c.id, title: c.title, columnName: `_v_${c.id}`, uidt: compiled.filterAs, options: compiled.filterOptions ?? filterOptions(compiled.filterAs),
        expr: compiled.scalar, selectExpr: compiled.value, decode: decoder(store, model, c, compiled),
      };
    });
}

/**
 * The type each computed column of a table filters and sorts as (db/query/result-type.ts), by
 * column id; the table's meta carries it as `filter_uidt` so the filter builder offers what the
 * where compiler accepts. A column that no longer compiles (a broken formula) is left out.
 */
export function filterTypes(store: ProjectStore, model: ModelRow, cols: ColumnRow[]): Map<string, UIType> {
  const out = new Map<string, UIType>();
  for (const c of cols) {
    if (c.columnName || !fieldType(c.uidt as UIType)?.virtual) continue;
    try {
      out.set(c.id, columnSql(store, model, c, model.tableName, new Aliases(), 0).filterAs);
    } catch {
      // Reading the table still works; the column just offers no filter operators.
    }
  }
  return out;
}
