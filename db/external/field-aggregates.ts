import { compileFieldAggregates } from "../query";
import { fieldMeasures, measuresAnswer, type Aggregation, type AnswerKey } from "../rows/field-aggregates";
import { scopeParams, type RowScope } from "../views/scope";
import { fullTable, tableOf, type ExtCtx } from "./rows";

/**
 * NocoDB v2's field aggregates (`GET /api/v2/tables/{id}/aggregate`) of an external table: the
 * same one statement as on the project's SQLite (db/rows/field-aggregates.ts), compiled for the
 * source's dialect, over the rows the context's reader may read (hidden fields, row rule, view).
 */
export async function fieldAggregates(
  ctx: ExtCtx,
  tableKey: string,
  aggregations: readonly Aggregation[],
  where: string | undefined,
  scope?: RowScope,
  keyedBy?: AnswerKey,
  /** Has-many and many-to-many links measured and filtered as their number of linked records (NocoDB v2). */
  linkCounts?: boolean,
): Promise<Record<string, number | null>> {
  const t = tableOf(ctx, tableKey, linkCounts);
  const table = fullTable(ctx, t);
  const measures = fieldMeasures(table, aggregations);
  const scoped = scopeParams(ctx.store, t.ref, table, { where, limit: 1, offset: 0 }, scope).where;
  const compiled = compileFieldAggregates({
    dialect: ctx.driver.dialect,
    table,
    where: scoped,
    measures,
    me: scope?.caller?.userId ?? null,
  });
  const [row] = await ctx.driver.query(compiled.sql, compiled.params);
  return measuresAnswer(measures, row, keyedBy);
}
