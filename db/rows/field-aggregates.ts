import { bad } from "../errors";
import { fieldType } from "../fields/registry";
import { compileFieldAggregates, type FieldAggregateFn } from "../query";
import type { ProjectStore } from "../store/store";
import { scopeParams, type RowScope } from "../views/scope";
import { queryTable, useSearchIndex } from "./read";
import { tableRef } from "./table-ref";

const NUMERIC: readonly FieldAggregateFn[] = ["sum", "avg", "min", "max"];
const FNS: readonly FieldAggregateFn[] = [...NUMERIC, "count", "count_empty", "count_filled", "count_unique"];

export interface Aggregation {
  /** The field's id or title. */
  field: string;
  type: string;
}

/**
 * Aggregates of fields over the records a filter (and the view, and the reader's row rule) keeps,
 * in one SQL statement: NocoDB v2's `GET /tables/{id}/aggregate`, answered as it does, keyed by
 * field title (`{Age: 100}`). Sums, averages, minimums and maximums take number fields; counts
 * (`count`, `count_empty`, `count_filled`, `count_unique`) any field the reader can see.
 */
export function fieldAggregates(
  store: ProjectStore,
  tableKey: string,
  aggregations: readonly Aggregation[],
  where: string | undefined,
  scope?: RowScope,
): Record<string, number | null> {
  const t = tableRef(store, tableKey);
  const table = queryTable(t);
  const measures = aggregations.map(({ field, type }, i) => {
    const column = table.columns.find((c) => c.id === field || c.title === field);
    if (!column) throw bad(`aggregation: '${field}' is not a field of this table`);
    const fn = FNS.find((f) => f === type);
    if (!fn) throw bad(`aggregation: '${type}' is not an aggregation type (${FNS.join(", ")})`);
    if (NUMERIC.includes(fn) && fieldType(column.uidt).kind !== "number")
      throw bad(`aggregation: ${type} needs a number field; '${column.title}' is not one`);
    return { alias: `m${i}`, fn, column };
  });
  const scoped = scopeParams(store, t, table, { where, limit: 1, offset: 0 }, scope).where;
  useSearchIndex(store, t, scoped);
  const compiled = compileFieldAggregates({
    dialect: "sqlite",
    table,
    where: scoped,
    measures,
    me: scope?.caller?.userId ?? null,
  });
  const [row] = store.exec(compiled.sql, ...(compiled.params as never[]));
  const out: Record<string, number | null> = {};
  measures.forEach(({ alias, column }) => {
    const v = row?.[alias];
    out[column.title] = v === null || v === undefined ? null : Number(v);
  });
  return out;
}
