/**
 * Dashboards' aggregate statements (db/query/compile-aggregate.ts) on PostgreSQL and MariaDB: each
 * widget's numbers against the same aggregate computed here in JavaScript over the inserted rows,
 * date buckets at month and year edges, in UTC and in a zone with daylight saving (PostgreSQL by the
 * zone's name, MariaDB by the offsets' CASE tree), pivot totals and a period comparison.
 * Run serialised: `flock /work/drivers.lock npx vitest run --project drivers tests/drivers/dashboards.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aggregateRows, compileAggregate, type AggregateSpec } from "../../db/query/compile-aggregate";
import type { Dialect, QueryTable } from "../../db/query/types";
import { mysqlScratch, pgScratch, type Scratch } from "./servers";

const T = "gb_dash_h4";
const ROWS = [
  { status: "Todo", region: "North", amount: 10, at: "2025-12-31T23:30:00.000Z", day: "2025-12-31" },
  { status: "Todo", region: "South", amount: 5, at: "2026-01-01T00:00:00.000Z", day: "2026-01-01" },
  { status: "Done", region: "North", amount: 7.5, at: "2026-01-31T23:59:59.000Z", day: "2026-01-31" },
  { status: "Done", region: "North", amount: null, at: "2026-02-01T03:00:00.000Z", day: "2026-02-01" },
  { status: null, region: "South", amount: 100, at: "2026-03-31T12:00:00.000Z", day: "2026-03-31" },
  { status: "Todo", region: null, amount: 1, at: null, day: null },
  { status: "Done", region: "South", amount: 20, at: "2026-07-01T02:00:00.000Z", day: "2026-07-01" },
];
const col = (title: string, uidt: string, options: Record<string, unknown> = {}) =>
  ({ id: title, title, columnName: title, uidt, options }) as never;
const table: QueryTable = {
  tableName: T,
  columns: [
    col("status", "SingleSelect", { options: [{ title: "Todo" }, { title: "Done" }] }),
    col("region", "SingleLineText"),
    col("amount", "Decimal"),
    col("at", "DateTime"),
    col("day", "Date"),
  ],
};

const DDL: Record<"pg" | "mysql", string> = {
  pg: `CREATE TABLE ${T} (id serial PRIMARY KEY, status text, region text, amount numeric, at timestamptz, day date)`,
  mysql: `CREATE TABLE ${T} (id int AUTO_INCREMENT PRIMARY KEY, status varchar(20), region varchar(20), amount decimal(12,2), at datetime(3), day date)`,
};
const instant = (d: Dialect, iso: string | null) => (iso && d === "mysql" ? iso.slice(0, 23).replace("T", " ") : iso);

const sum = (xs: (number | null)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
const count = <K>(keyOf: (r: (typeof ROWS)[number]) => K) => {
  const m = new Map<K, number>();
  for (const r of ROWS) m.set(keyOf(r), (m.get(keyOf(r)) ?? 0) + 1);
  return m;
};

for (const [d, open] of [
  ["pg", pgScratch],
  ["mysql", mysqlScratch],
] as const) {
  const db: Scratch | null = await open();
  describe.skipIf(!db)(`dashboard aggregates on ${d === "pg" ? "PostgreSQL" : "MariaDB"}`, () => {
    const run = async (spec: AggregateSpec, where?: string) => {
      const c = compileAggregate({ dialect: d, table, spec, where, now: new Date("2026-02-10T12:00:00Z") });
      return aggregateRows(c, spec, await db!.exec(c.statement), d);
    };
    beforeAll(async () => {
      await db!.exec({ sql: `DROP TABLE IF EXISTS ${T}`, params: [] });
      await db!.exec({ sql: DDL[d], params: [] });
      for (const r of ROWS) {
        const p = (n: number) => (d === "pg" ? `$${n}` : "?");
        await db!.exec({
          sql: `INSERT INTO ${T} (status, region, amount, at, day) VALUES (${[1, 2, 3, 4, 5].map(p).join(", ")})`,
          params: [r.status, r.region, r.amount, instant(d, r.at), r.day],
        });
      }
    });
    afterAll(async () => {
      await db!.exec({ sql: `DROP TABLE IF EXISTS ${T}`, params: [] });
      await db!.close();
    });

    it("number: count, sum, avg, min, max, count_distinct, with a filter", async () => {
      const amounts = ROWS.map((r) => r.amount).filter((a): a is number => a !== null);
      const [row] = await run({
        y: [
          { agg: "count" },
          { agg: "sum", column: "amount" },
          { agg: "avg", column: "amount" },
          { agg: "min", column: "amount" },
          { agg: "max", column: "amount" },
          { agg: "count_distinct", column: "region" },
        ],
      });
      const want = [ROWS.length, sum(amounts), sum(amounts) / amounts.length, 1, 100, 2];
      want.forEach((v, i) => expect(row!.values[i]).toBeCloseTo(v, 6));
      const [done] = await run({ y: [{ agg: "sum", column: "amount" }] }, "(status,eq,Done)");
      expect(done!.values[0]).toBeCloseTo(27.5, 6);
    });

    it("bar with series, and a pivot with computed totals", async () => {
      const rows = await run({ x: { column: "status" }, series: { column: "region" }, y: [{ agg: "count" }] });
      const want = count((r) => `${r.status}|${r.region}`);
      expect(new Map(rows.map((r) => [`${r.x}|${r.series}`, r.values[0]]))).toEqual(want);
      const pivot = await run({
        x: { column: "region" },
        series: { column: "status" },
        y: [{ agg: "avg", column: "amount" }],
        pivot: true,
      });
      const grand = pivot.find((r) => r.level === 3)!;
      const amounts = ROWS.map((r) => r.amount).filter((a): a is number => a !== null);
      expect(grand.values[0]).toBeCloseTo(sum(amounts) / amounts.length, 6);
      const north = pivot.find((r) => r.level === 1 && r.x === "North")!;
      expect(north.values[0]).toBeCloseTo((10 + 7.5) / 2, 6);
      const todo = pivot.find((r) => r.level === 2 && r.series === "Todo")!;
      expect(todo.values[0]).toBeCloseTo((10 + 5 + 1) / 3, 6);
    });

    it("date buckets at month and year edges, in UTC and in New York", async () => {
      const points = async (spec: AggregateSpec) =>
        Object.fromEntries((await run(spec)).map((r) => [r.x ?? "none", r.values[0]]));
      const month = { x: { column: "at", bucket: "month" as const }, y: [{ agg: "count" as const }] };
      expect(await points(month)).toEqual(Object.fromEntries(count((r) => (r.at ? `${r.at.slice(0, 7)}-01` : "none"))));
      expect(await points({ ...month, timeZone: "America/New_York" })).toEqual({
        none: 1,
        "2025-12-01": 2,
        "2026-01-01": 2,
        "2026-03-01": 1,
        "2026-06-01": 1,
      });
      expect(
        await points({ x: { column: "at", bucket: "year" }, y: [{ agg: "count" }], timeZone: "America/New_York" }),
      ).toEqual({
        none: 1,
        "2025-01-01": 2,
        "2026-01-01": 4,
      });
      expect(await points({ x: { column: "day", bucket: "quarter" }, y: [{ agg: "count" }] })).toEqual({
        none: 1,
        "2025-10-01": 1,
        "2026-01-01": 4,
        "2026-07-01": 1,
      });
      expect((await points({ x: { column: "day", bucket: "week" }, y: [{ agg: "count" }] }))["2025-12-29"]).toBe(2);
      expect(
        (await points({ x: { column: "at", bucket: "day" }, y: [{ agg: "count" }], timeZone: "Asia/Kolkata" }))[
          "2026-01-01"
        ],
      ).toBe(2);
    });

    it("compares the current period with the one before", async () => {
      // "Now" is 2026-02-10: February holds one row (Feb 1, 03:00Z), January three... in UTC.
      const [row] = await run({ y: [{ agg: "count" }], compare: { column: "at", period: "month" } });
      expect(row).toMatchObject({ values: [1], previous: [2] });
    });
  });
}
