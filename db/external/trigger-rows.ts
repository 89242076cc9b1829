import type { WhereNode } from "../query";
import { compileList } from "../query/compile-list";
import { join, sql } from "../query/sql";
import { apiRows, fullTable, tableOf, type ExtCtx } from "./rows";
import { keyCond, keyValues, type ExtTable } from "./table";

/**
 * What automations' triggers read of an external table's written rows (db/automations/
 * external-trigger.ts): whole records whoever wrote (a trigger is its builder's setting), by row
 * id (key values joined with `___`, as the API names them).
 */
type Row = Record<string, unknown>;

/**
 * Values a statement's keys may bind: the compiler takes at most MAX_PARAMS (100) values per
 * statement, the rest is left to the condition's own.
 */
const KEY_PARAMS = 60;

/** A row id from a record keyed by field titles (an API answer) or by column names (a bulk answer). */
export function idOfRecord(t: ExtTable, row: Row): string {
  return t.keys.map((k) => String(row[k.title] ?? row[k.columnName] ?? "")).join("___");
}

/** The whole table (no reader's narrowing): what triggers compare. */
export const triggerTable = (ctx: ExtCtx, tableKey: string): ExtTable => tableOf({ ...ctx, reader: null }, tableKey);

/** The rows among `rowIds` that `tree` matches (null: all of them), as API records by row id. */
export async function rowsMatching(
  ctx: ExtCtx,
  tableKey: string,
  tree: WhereNode | null,
  rowIds: readonly string[],
): Promise<Map<string, Row>> {
  const whole: ExtCtx = { ...ctx, reader: null };
  const t = tableOf(whole, tableKey);
  const d = ctx.driver.dialect;
  const out = new Map<string, Row>();
  const chunk = Math.max(1, Math.floor(KEY_PARAMS / t.keys.length));
  for (let i = 0; i < rowIds.length; i += chunk) {
    const slice = rowIds.slice(i, i + chunk);
    const extra = join(
      slice.map((id) => sql`(${keyCond(d, t, keyValues(t, id, d))})`),
      " OR ",
    );
    const compiled = compileList({
      dialect: d,
      table: fullTable(whole, t),
      where: tree,
      extra,
      limit: chunk,
      offset: 0,
    });
    const raws = await ctx.driver.query(compiled.list.sql, compiled.list.params);
    for (const row of apiRows(whole, t, compiled.select, raws)) out.set(idOfRecord(t, row), row);
  }
  return out;
}
