import { aggregateRows, compileAggregate, type AggregateRow, type AggregateSpec } from "../query/compile-aggregate";
import type { ProjectStore } from "../store/store";
import { scopeParams, type RowScope } from "../views/scope";
import { queryTable, useSearchIndex } from "./read";
import { tableRef } from "./table-ref";

/**
 * Aggregates of a table's rows in the project's SQLite (dashboards, the grid's footer): one
 * statement next to the data (db/query/compile-aggregate.ts) over the rows the store's reader may
 * read (`tableRef` narrows fields and adds the row rule), through the view's filters and
 * `filterArrJson` as a list is. Answers `{ rows }`, however many groups.
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
  const compiled = compileAggregate({
    dialect: "sqlite",
    table,
    where: scoped,
    me: scope?.caller?.userId ?? null,
    spec,
  });
  const raws = store.exec(compiled.statement.sql, ...(compiled.statement.params as never[]));
  return { rows: aggregateRows(compiled, spec, raws, "sqlite") };
}
