import { bad } from "../errors";
import { fieldType } from "../fields/registry";
import { compileFieldAggregates, type FieldAggregateFn, type QueryColumn, type QueryTable } from "../query";
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

export type FieldMeasure = { alias: string; fn: FieldAggregateFn; column: QueryColumn };

/**
 * The measures NocoDB v2's aggregations name, checked against the table as its reader reads it
 * (a hidden field is "not a field"): one place for both sources, so their refusals are the same.
 */
export function fieldMeasures(table: QueryTable, aggregations: readonly Aggregation[]): FieldMeasure[] {
  return aggregations.map(({ field, type }, i) => {
    const column = table.columns.find((c) => c.id === field || c.title === field);
    if (!column) throw bad(`aggregation: '${field}' is not a field of this table`);
    const fn = FNS.find((f) => f === type);
    if (!fn) throw bad(`aggregation: '${type}' is not an aggregation type (${FNS.join(", ")})`);
    if (NUMERIC.includes(fn) && fieldType(column.uidt).kind !== "number")
      throw bad(`aggregation: ${type} needs a number field; '${column.title}' is not one`);
    return { alias: `m${i}`, fn, column };
  });
}

export type AnswerKey = "title" | "id";

/**
 * The statement's one row keyed by field title (`{Age: 100}`) or id, as NocoDB answers. A field
 * named twice answers its first aggregation (NocoDB finds the first). Values are numbers whatever
 * the driver gives (PostgreSQL's numeric and bigint, MySQL's decimal are text).
 */
export function measuresAnswer(
  measures: readonly FieldMeasure[],
  row: Record<string, unknown> | undefined,
  keyedBy: AnswerKey = "title",
) {
  const out: Record<string, number | null> = {};
  for (const { alias, column } of measures) {
    const key = keyedBy === "id" ? column.id : column.title;
    if (Object.hasOwn(out, key)) continue;
    const v = row?.[alias];
    out[key] = v === null || v === undefined ? null : Number(v);
  }
  return out;
}

/**
 * Aggregates of fields over the records a filter (and the view, and the reader's row rule) keeps,
 * in one SQL statement: NocoDB v2's `GET /tables/{id}/aggregate`, answered as it does, keyed by
 * field title (`{Age: 100}`). Sums, averages, minimums and maximums take number fields; counts
 * (`count`, `count_empty`, `count_filled`, `count_unique`) any field the reader can see. Tables on
 * external databases: db/external/field-aggregates.ts.
 */
export function fieldAggregates(
  store: ProjectStore,
  tableKey: string,
  aggregations: readonly Aggregation[],
  where: string | undefined,
  scope?: RowScope,
  keyedBy?: AnswerKey,
  /** Has-many and many-to-many links measured and filtered as their number of linked records (NocoDB v2). */
  linkCounts?: boolean,
): Record<string, number | null> {
  const t = tableRef(store, tableKey, linkCounts);
  const table = queryTable(t);
  const measures = fieldMeasures(table, aggregations);
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
  return measuresAnswer(measures, row, keyedBy);
}
