import {
  aggregateRows,
  compileAggregate,
  findColumn,
  type AggregateRow,
  type AggregateSpec,
} from "../query/compile-aggregate";
import type { QueryTable } from "../query";
import type { ProjectStore } from "../store/store";
import { scopeParams, type RowScope } from "../views/scope";
import { queryTable, useSearchIndex } from "./read";
import { ensureAggregateIndex } from "./aggregate-index";
import { ensureGroupCounts } from "./group-counts";
import { plainRowCount } from "./row-count";
import { tableRef, type TableRef } from "./table-ref";

/**
 * Aggregates of a table's rows in the project's SQLite (dashboards, the grid's footer): one
 * statement next to the data (db/query/compile-aggregate.ts) over the rows the store's reader may
 * read (`tableRef` narrows fields and adds the row rule), through the view's filters and
 * `filterArrJson` as a list is. Answers `{ rows }`, however many groups. What makes it fast at
 * 1M rows, neither changing an answer: a count of rows by one column, unfiltered, reads the
 * column's maintained counts (group-counts.ts; a date's buckets add up its days); the number of
 * all rows is the maintained row count or the sum of a column's counts (as the grid's count reads it); any
 * other unfiltered aggregate gets a covering index of the columns it reads (aggregate-index.ts).
 */
export function aggregate(
  store: ProjectStore,
  tableKey: string,
  spec: AggregateSpec,
  scope?: RowScope,
  where?: string,
): { rows: AggregateRow[] } {
  const t = tableRef(store, tableKey);
  const table = queryTable(t);
  const scoped = scopeParams(store, t, table, { where, limit: 1, offset: 0 }, scope).where;
  useSearchIndex(store, t, scoped);
  const all = !scoped && !t.access?.rule && !table.rowRule && isRowCount(spec) ? plainRowCount(store, t) : null;
  if (all !== null) return { rows: [{ values: spec.y.map(() => all) }] };
  const counts = countsOf(store, t, table, spec, !!scoped);
  if (!counts) ensureAggregateIndex(store, t, table, spec, !!scoped);
  const compiled = compileAggregate({
    dialect: "sqlite",
    table,
    where: scoped,
    me: scope?.caller?.userId ?? null,
    spec,
    ...(counts ? { counts } : {}),
  });
  const raws = store.exec(compiled.statement.sql, ...(compiled.statement.params as never[]));
  return { rows: aggregateRows(compiled, spec, raws, "sqlite") };
}

const countsRows = (spec: AggregateSpec) => spec.y.every((y) => y.agg === "count" && !y.column);

/** A number that counts every row: no groups, no comparison. */
const isRowCount = (spec: AggregateSpec) => !spec.x && !spec.series && !spec.compare && countsRows(spec);

/** The x column's maintained counts when the aggregate is a count of rows by x alone, unfiltered. */
function countsOf(store: ProjectStore, t: TableRef, table: QueryTable, spec: AggregateSpec, filtered: boolean) {
  if (!spec.x || spec.series || spec.pivot || spec.compare) return undefined;
  if (!countsRows(spec)) return undefined;
  if (!table.columns.some((c) => [c.id, c.title, c.columnName].includes(spec.x!.column))) return undefined;
  const x = findColumn(table, spec.x.column);
  return ensureGroupCounts(store, t, table, x.columnName, filtered) ?? undefined;
}
