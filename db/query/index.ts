/** The query compiler: where/sort/fields/search to SQL for each dialect in ./dialects (see each file's rules). */
export {
  compileFieldAggregates,
  compileCount,
  compileKeys,
  compileList,
  keyAlias,
  type FieldAggregateFn,
  type CompiledList,
  type CountInput,
  type ListInput,
} from "./compile-list";
export {
  compileSort,
  orderOf,
  resolveFields,
  resolveSort,
  sortKeys,
  type ListParam,
  type SortKey,
  type SortTerm,
} from "./compile-sort";
export { afterCursor, afterSegments, keyValue, type KeyValue } from "./keyset";
export { compileWhere, toTree, type WhereOptions } from "./compile-where";
export { fromDialectValue, toDialectValue } from "./dialect-values";
export { readListParams, LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, type ListParams } from "./params";
export { searchTree, searchWhereText, type SearchInput } from "./search";
export { render, quoteIdent, MAX_PARAMS, MAX_SQL_BYTES } from "./sql";
export { parseWhere } from "./where-parser";
export * from "./types";
export { compileGroupBy, measureValues, type GroupInput, type GroupMeasure } from "./compile-group";
export { colourSelects, type ColourCase } from "./compile-colours";
