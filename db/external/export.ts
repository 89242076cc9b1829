import { compileList, fromDialectValue, type ListParams } from "../query";
import { PAGE, csvBatch, csvCellOf } from "../rows/csv";
import { anonymousReader } from "../rows/row-users";
import { viewOfTable } from "../views/lookup";
import { scopeParams, type RowScope } from "../views/scope";
import type { ExportEnv } from "../fields/types";
import { computedOf, fullTable, tableOf, type ExtCtx } from "./rows";

/**
 * CSV export of an external table (rules in db/rows/csv.ts): the same batches as a native table,
 * read from the source PAGE rows per statement, computed fields included; stored values pass
 * through their field types from the source's own forms, so the text is what a native table gives
 * (`origin`, `columns` and `uploads` as there).
 */
export async function exportCsv(ctx: ExtCtx, tableKey: string, params: ListParams, scope?: RowScope, origin = "") {
  const env: ExportEnv = { origin, uploads: new Set() };
  // As the reader may see it: hidden fields are not exported, the row rule applies (access.ts).
  const t = tableOf(ctx, tableKey);
  const table = fullTable(ctx, t);
  const scoped = scopeParams(ctx.store, t.ref, table, params, scope);
  const d = ctx.driver.dialect;
  const virtual = computedOf(ctx, t);
  const { csv, next, columns } = await csvBatch(params.offset, async (offset) => {
    const compiled = compileList({
      dialect: d,
      table,
      ...scoped,
      limit: PAGE,
      offset,
      me: scope?.caller?.userId ?? null,
    });
    const rows = await ctx.driver.query(compiled.list.sql, compiled.list.params);
    return {
      rows,
      cells: () =>
        compiled.select.map((s) =>
          csvCellOf(t.cols, virtual, s.id, anonymousReader(scope), env, (c, raw) =>
            fromDialectValue(c.uidt, raw[c.columnName], d),
          ),
        ),
    };
  });
  const title = scope?.view ? viewOfTable(ctx.store, t.ref.model.id, scope.view).title : t.ref.model.title;
  return { csv, next, title, columns, uploads: [...env.uploads!] };
}
