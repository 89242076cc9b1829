import { bad } from "../../errors";
import { perRecord } from "../../query/computed-sql";
import { computedResultType } from "../../query/result-type";
import { sql } from "../../query/sql";
import { ROLLUP_FUNCTIONS, ROLLUP_NEEDS_NUMBERS } from "../Rollup";
import { required, throughTarget } from "./through-target";
import type { Compiled, ComputedHooks, SqlCtx } from "./types";
import { dialectOf } from "../../query/dialects";

/** An aggregate over the linked records: count/sum are 0 without links, the others NULL. */
function rollupSql({ model, col, alias, names, depth, column }: SqlCtx): Compiled {
  const { d } = names;
  const { o, from, t } = throughTarget({ model, col, alias, names, depth, column });
  const fn = o.rollup_function!;
  // SQL Server aggregates the value by name (computed-sql.ts `perRecord`).
  const each = fn === "count" ? { value: t.scalar, sql: from.sql } : perRecord(d, t.scalar, from);
  const v = each.value;
  const agg = {
    count: sql`COUNT(*)`,
    sum: sql`COALESCE(SUM(${v}), 0)`,
    avg: dialectOf(d).average(v, false),
    min: sql`MIN(${v})`,
    max: sql`MAX(${v})`,
    countDistinct: sql`COUNT(DISTINCT ${v})`,
    sumDistinct: sql`COALESCE(SUM(DISTINCT ${v}), 0)`,
    avgDistinct: dialectOf(d).average(v, true),
  }[fn as "count"]!;
  const expr = sql`(SELECT ${agg} ${each.sql})`;
  return {
    scalar: expr,
    value: expr,
    kind: "single",
    json: false,
    filterAs: computedResultType({ uidt: "Rollup", fn }),
  };
}

export const RollupHooks: ComputedHooks = {
  sql: rollupSql,
  decode: () => (raw) => (raw === null ? null : Number(raw)),
  settings({ opts, relation, target: targetOf, holdsNumbers }) {
    const rel = relation(required(opts.fk_relation_column_id, "fk_relation_column_id"));
    const fn = required(opts.rollup_function, "rollup_function");
    if (!(ROLLUP_FUNCTIONS as readonly string[]).includes(fn))
      throw bad(`rollup_function must be one of ${ROLLUP_FUNCTIONS.join(", ")}`);
    const target = targetOf(rel, required(opts.fk_rollup_column_id, "fk_rollup_column_id"), "fk_rollup_column_id");
    if (ROLLUP_NEEDS_NUMBERS.has(fn) && !holdsNumbers(target))
      throw bad(`${fn} needs a number column; ${target.title} is ${target.uidt}`);
    return { fk_relation_column_id: rel.id, fk_rollup_column_id: target.id, rollup_function: fn };
  },
};
