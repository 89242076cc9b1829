import { compileFormula, formulaTypeOf, formulaValue, parseFormula, physicalSql, toRaw } from "../../formula";
import { FormulaError, type FormulaResolver } from "../../formula/types";
import type { Aliases, ComputedSchema } from "../../query/aliases";
import { computedResultType } from "../../query/result-type";
import { ident, sql } from "../../query/sql";
import type { ColumnRow, ModelRow } from "../../store/schema";
import type { UIType } from "../types";
import type { ColumnSql, Compiled, ComputedHooks, SqlCtx } from "./types";
import { dialectOf } from "../../query/dialects";

/**
 * The formula resolver for the row `alias` of `model`: every column of the table, stored or
 * computed, as SQL of its formula type (lists are read as their joined text).
 */
export function formulaResolver(
  model: ModelRow,
  alias: string,
  names: Aliases,
  depth: number,
  column: ColumnSql,
): FormulaResolver {
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
    const c = column(model, col, alias, names, depth + 1);
    // Only a formula's own compilation carries its formula type.
    const type = c.kind === "list" ? "string" : (c.formulaType ?? formulaTypeOf(c.filterAs) ?? "string");
    // On PostgreSQL and MySQL a stored value looked up through belongs-to links reads in its formula
    // form (numbers as double, dates as text), as the column itself would; SQLite's values already are.
    const value =
      !dialectOf(names.d).canonicalValues && c.stored && c.kind === "single" && formulaTypeOf(c.stored.uidt as UIType)
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

/** SQL over the row's columns, stored or computed (db/formula); a formula met again is a cycle. */
function formulaSql({ model, col, alias, names, depth, column }: SqlCtx): Compiled {
  const raw = formulaRawOf(names.schema, col);
  const stack = names.formulas;
  if (stack.includes(col.id)) {
    const title = (id: string) => names.schema.columns(model.id).find((c) => c.id === id)?.title ?? id;
    throw new FormulaError(`Formula cycle: ${[...stack, col.id].map(title).join(" → ")}`, 1);
  }
  stack.push(col.id);
  try {
    const compiled = compileFormula(parseFormula(raw), names.d, formulaResolver(model, alias, names, depth, column));
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

export const FormulaHooks: ComputedHooks = {
  sql: formulaSql,
  decode: (_s, _d, _c, compiled) => (raw) => formulaValue(compiled.formulaType ?? "string", raw),
  settings: ({ opts, formula }) => formula(opts.formula_raw),
};
