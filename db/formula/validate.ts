/**
 * The entry point for saving a formula column: parse and type-check `formula_raw` against the
 * table's columns. Answers the result type and the titles it refers to (each once, in order of
 * first use), or the first problem as `{ ok: false, error, position }`.
 * Errors other than FormulaError are programming errors and are thrown.
 */
import { check } from "./check";
import { parseFormula } from "./parser";
import { referencesOf } from "./refs";
import { FormulaError, type FormulaResolver, type FormulaType } from "./types";

export type FormulaValidation =
  { ok: true; type: FormulaType; references: string[] } | { ok: false; error: string; position?: number };

export function validateFormula(formulaRaw: string, resolver: FormulaResolver): FormulaValidation {
  try {
    const ast = parseFormula(formulaRaw);
    const typed = check(ast, resolver);
    return { ok: true, type: typed.type, references: referencesOf(ast) };
  } catch (err) {
    if (err instanceof FormulaError)
      return { ok: false, error: err.message, ...(err.position !== undefined ? { position: err.position } : {}) };
    throw err;
  }
}
