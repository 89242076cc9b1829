import { aggregateRows, compileAggregate, type AggregateRow, type AggregateSpec } from "../query/compile-aggregate";
import { scopeParams, type RowScope } from "../views/scope";
import { fullTable, tableOf, type ExtCtx } from "./rows";

/**
 * Aggregates of an external table's rows (dashboards, the grid's footer): the same one statement as
 * on the project's SQLite (db/rows/aggregate.ts), compiled for the source's dialect, over the rows
 * the context's reader may read.
 */
export async function aggregate(
  ctx: ExtCtx,
  tableKey: string,
  spec: AggregateSpec,
  scope?: RowScope,
  where?: string,
): Promise<{ rows: AggregateRow[] }> {
  const t = tableOf(ctx, tableKey);
  const table = fullTable(ctx, t);
  const d = ctx.driver.dialect;
  const scoped = scopeParams(ctx.store, t.ref, table, { where, limit: 1, offset: 0 }, scope).where;
  const compiled = compileAggregate({ dialect: d, table, where: scoped, me: scope?.caller?.userId ?? null, spec });
  const raws = await ctx.driver.query(compiled.statement.sql, compiled.statement.params);
  return { rows: aggregateRows(compiled, spec, raws, d) };
}
