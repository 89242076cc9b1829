/** The formula engine's public surface (see each file's header for its rules). */
export { parseFormula } from "./parser";
export {
  compileFormula,
  compileFormulaText,
  formulaCondition,
  type CompileOptions,
  type CompiledFormula,
} from "./compile";
export { validateFormula, type FormulaValidation } from "./validate";
export { toStored, toRaw, referencesOf, type NameMap } from "./refs";
export { findCycle, type Cycle } from "./cycles";
export { FORMULA_FUNCTIONS, FUNCTION_ALIASES, type FormulaFunctionInfo } from "./functions";
export {
  columnResolver,
  formulaTypeOf,
  formulaValue,
  physicalSql,
  type ResolverColumn,
  type ResolverOptions,
} from "./columns";
export {
  FormulaError,
  type FormulaColumn,
  type FormulaNode,
  type FormulaResolver,
  type FormulaType,
  type UnsupportedColumn,
  type ValueType,
} from "./types";
