import { describe, expect, it } from "vitest";
import {
  AGGREGATE_LIMIT_MAX,
  aggregateRows,
  compileAggregate,
  PIVOT_CELLS_MAX,
  PIVOT_COLUMNS_MAX,
  type AggregateSpec,
} from "./compile-aggregate";
import { offsets } from "./time-zone";
import { lit } from "./sql";
import { QueryError, type Dialect, type QueryTable } from "./types";

const col = (title: string, uidt: string, options: Record<string, unknown> = {}) =>
  ({ id: `cl_${title}`, title, columnName: title.toLowerCase(), uidt, options }) as never;
const table: QueryTable = {
  tableName: "deals",
  columns: [
    col("Status", "SingleSelect", { options: [{ title: "Done" }, { title: "Todo" }] }),
    col("Amount", "Decimal"),
    col("At", "DateTime"),
    col("Day", "Date"),
    col("Name", "SingleLineText"),
  ],
};
const compile = (d: Dialect, spec: AggregateSpec, extra: Partial<QueryTable> = {}) =>
  compileAggregate({
    dialect: d,
    table: { ...table, ...extra },
    spec,
    where: "(Status,eq,Done)",
    now: new Date("2026-03-15T10:00:00Z"),
  });

describe("compileAggregate", () => {
  it("is one statement: rows with their keys and values inside, the aggregates outside", () => {
    const c = compile("sqlite", {
      x: { column: "cl_Status" },
      y: [{ agg: "count" }, { agg: "sum", column: "Amount" }],
      limit: 50,
    });
    expect(c.statement.sql).toBe(
      'SELECT "gx", COUNT("v0") AS "a0", SUM("v1") AS "a1" FROM (SELECT "status" AS "gx", 1 AS "v0", "amount" AS "v1" FROM "deals" WHERE "status" = ?) AS "_r" GROUP BY "gx" ORDER BY "gx" ASC LIMIT ? OFFSET ?',
    );
    expect(c.statement.params).toEqual(["Done", 50, 0]);
  });

  it("ANDs the reader's row rule with the filters", () => {
    const c = compile("pg", { y: [{ agg: "avg", column: "Amount" }] }, { rowRule: lit(`"name" = 'x'`) });
    expect(c.statement.sql).toContain(`WHERE ("status" = $1) AND ("name" = 'x')`);
    expect(c.statement.sql).toMatch(/^SELECT AVG\("v0"\) AS "a0" FROM \(/);
  });

  it("buckets dates per dialect: prefixes in UTC on SQLite, the zone's name bound on PostgreSQL", () => {
    const utc = compile("sqlite", { x: { column: "At", bucket: "month" }, y: [{ agg: "count" }] });
    expect(utc.statement.sql).toContain(`(substr("at", 1, 7) || '-01') AS "gx"`);
    const pg = compile("pg", { x: { column: "At", bucket: "week" }, y: [{ agg: "count" }], timeZone: "Europe/Paris" });
    expect(pg.statement.sql).toContain(`to_char(date_trunc('week', timezone($1, "at")), 'YYYY-MM-DD') AS "gx"`);
    expect(pg.statement.params[0]).toBe("Europe/Paris");
    const my = compile("mysql", { x: { column: "Day", bucket: "quarter" }, y: [{ agg: "count" }] });
    expect(my.statement.sql).toContain("CONCAT(YEAR(`day`), '-', LPAD((QUARTER(`day`) - 1) * 3 + 1, 2, '0'), '-01')");
  });

  it("shifts instants by the zone's offsets (a CASE tree over its changes) where the dialect knows no zones", () => {
    const { changes } = offsets("Europe/Paris");
    expect(changes.length).toBeGreaterThan(70);
    const c = compile("sqlite", {
      x: { column: "At", bucket: "day" },
      y: [{ agg: "count" }],
      timeZone: "Europe/Paris",
    });
    expect(c.statement.sql).toContain(`strftime('%Y-%m-%d', "at", CASE WHEN "at" < '`);
    expect(c.statement.sql).toContain(`'+3600 seconds'`);
    expect(c.statement.sql).toContain(`'+7200 seconds'`);
    // The thresholds are the module's own instants; the caller's values stay bound.
    expect(c.statement.params).toEqual(["Done", 1000, 0]);
    const fixed = compile("mysql", {
      x: { column: "At", bucket: "day" },
      y: [{ agg: "count" }],
      timeZone: "Asia/Kolkata",
    });
    expect(fixed.statement.sql).toContain("DATE_ADD(`at`, INTERVAL 19800 SECOND)");
  });

  it("pivots with totals in one statement (four capped branches, no CTE), and compares periods with bound bounds", () => {
    const p = compile("sqlite", {
      x: { column: "Status" },
      series: { column: "Name" },
      y: [{ agg: "count" }],
      pivot: true,
    });
    // A CTE read four times would be materialised: every row of the table in memory.
    expect(p.statement.sql).not.toContain("WITH");
    expect(p.statement.sql).toMatch(/^SELECT \* FROM \(SELECT \* FROM \(SELECT 0 AS "gl"/);
    expect(p.statement.sql.match(/UNION ALL/g)).toHaveLength(3);
    expect(p.statement.sql.match(/FROM "deals" WHERE "status" = \?/g)).toHaveLength(4);
    // Cells, rows and columns each capped one past their bound (to tell a cut).
    expect(p.statement.params).toEqual(
      expect.arrayContaining([PIVOT_CELLS_MAX + 1, AGGREGATE_LIMIT_MAX + 1, PIVOT_COLUMNS_MAX + 1]),
    );
    const m = compile("sqlite", { y: [{ agg: "sum", column: "Amount" }], compare: { column: "At", period: "month" } });
    expect(m.statement.sql).toContain(
      `SUM(CASE WHEN "pc" = 1 THEN "v0" END) AS "a0", SUM(CASE WHEN "pc" = 2 THEN "v0" END) AS "p0"`,
    );
    expect(m.statement.params).toEqual([
      "2026-03-01T00:00:00.000Z",
      "2026-04-01T00:00:00.000Z",
      "2026-02-01T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
      "Done",
    ]);
  });

  it("refuses what cannot be computed, naming the field", () => {
    const refusal = (spec: AggregateSpec) => {
      try {
        compile("sqlite", spec);
      } catch (e) {
        expect(e).toBeInstanceOf(QueryError);
        return (e as Error).message;
      }
      return "no refusal";
    };
    expect(refusal({ y: [{ agg: "sum", column: "Name" }] })).toMatch(/sum needs a number field, Name/);
    expect(refusal({ x: { column: "Name", bucket: "month" }, y: [{ agg: "count" }] })).toMatch(
      /Name is not a date field/,
    );
    expect(refusal({ y: [{ agg: "count", column: "Nope" }] })).toMatch(/'Nope' is not in this table/);
    expect(refusal({ y: [{ agg: "count" }], timeZone: "Nowhere/City" })).toMatch(/not a time zone/);
    expect(refusal({ y: [{ agg: "max" }] })).toMatch(/max needs a field/);
  });

  it("reads drivers' values back the same on every dialect", () => {
    const c = compile("pg", { x: { column: "Status" }, y: [{ agg: "count" }, { agg: "avg", column: "Amount" }] });
    const rows = aggregateRows(
      c,
      { x: { column: "Status" }, y: [{ agg: "count" }, { agg: "avg", column: "Amount" }] },
      [
        { gx: "Done", a0: "3", a1: "2.5000" },
        { gx: null, a0: 1n, a1: null },
      ],
      "pg",
    );
    expect(rows).toEqual([
      { x: "Done", values: [3, 2.5] },
      { x: null, values: [1, null] },
    ]);
  });
});
