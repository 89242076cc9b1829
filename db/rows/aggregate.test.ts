/**
 * Dashboard aggregates on the project's SQLite (aggregate.ts): what makes them fast at 1M rows
 * (maintained counts, covering indexes) answers what the rows say, through later writes, and a
 * pivot whose rows × columns would be huge answers a bounded table that says it was cut.
 */
import { describe, expect, it } from "vitest";
import { actor, items as itemsTable, row, type ItemRow } from "../../tests/support/items-table";
import type { nodeProjectStore } from "../../tests/support/node-store";
import { pivot } from "../dashboards/widget-data";
import { PIVOT_CELLS_MAX, PIVOT_COLUMNS_MAX, type AggregateSpec } from "../query/compile-aggregate";
import { aggregate } from "./aggregate";
import * as rowsApi from "./api";

type Row = ItemRow;
const items = (n: number) => ({ store: itemsTable(n), all: Array.from({ length: n }, (_, i) => row(i)) });

const objects = (store: ReturnType<typeof nodeProjectStore>) =>
  store
    .exec(
      "SELECT name FROM sqlite_master WHERE name LIKE '\\_nc\\_ix\\_%' ESCAPE '\\' OR name LIKE '\\_nc\\_grp\\_%' ESCAPE '\\'",
    )
    .map((r) => String(r.name));

/** The groups a JS pass over the rows gives, ordered as SQL orders them (empty first). */
function groups(all: Row[], key: (r: Row) => string | null, value: (rs: Row[]) => number) {
  const by = new Map<string | null, Row[]>();
  for (const r of all) by.set(key(r), [...(by.get(key(r)) ?? []), r]);
  return [...by.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map(([x, rs]) => ({ x, values: [value(rs)] }));
}

describe("aggregates at size", () => {
  const { store, all } = items(6_000);
  const run = (spec: AggregateSpec) => aggregate(store, "items", spec).rows.map((r) => ({ x: r.x, values: r.values }));

  it("a count by a select reads the maintained counts and answers the rows' counts, after writes too", () => {
    const spec: AggregateSpec = { x: { column: "Category" }, y: [{ agg: "count" }] };
    expect(run(spec)).toEqual(
      groups(
        all,
        (r) => r.Category,
        (rs) => rs.length,
      ),
    );
    expect(objects(store)).toContain("_nc_grp_items$category");
    rowsApi.insertMany(store, "items", [{ ...row(1), Category: "e" }], actor);
    all.push({ ...row(1), Category: "e" }); // the later tests count it too
    expect(run(spec)).toEqual(
      groups(
        all,
        (r) => r.Category,
        (rs) => rs.length,
      ),
    );
  });

  it("a count of every row is the maintained row count, through inserts and deletes", () => {
    const count = () => aggregate(store, "items", { y: [{ agg: "count" }, { agg: "count" }] }).rows[0]!.values;
    expect(count()).toEqual([all.length, all.length]);
    rowsApi.insertMany(store, "items", [row(7)], actor);
    expect(count()).toEqual([all.length + 1, all.length + 1]);
    store.exec("DELETE FROM items WHERE id = (SELECT max(id) FROM items)");
    expect(count()).toEqual([all.length, all.length]);
    // Read from the kept number (row-count.ts), not the rows: one off by 1,000 shows in the answer.
    const kept = '"_nc_grp_items$*"';
    store.exec(`UPDATE ${kept} SET n = n + 1000`);
    expect(count()[0]).toBe(all.length + 1000);
    store.exec(`UPDATE ${kept} SET n = n - 1000`);
    // Filtered: counted over the rows.
    const open = aggregate(store, "items", { y: [{ agg: "count" }] }, undefined, "(Done,eq,true)").rows[0]!.values;
    expect(open).toEqual([all.filter((r) => r.Done).length]);
  });

  it("a monthly count of a date adds up its days' counts", () => {
    const spec: AggregateSpec = { x: { column: "Due", bucket: "month" }, y: [{ agg: "count" }] };
    const now = aggregate(store, "items", { x: { column: "Category" }, y: [{ agg: "count" }] }).rows;
    const total = now.reduce((n, r) => n + Number(r.values[0]), 0);
    const got = run(spec);
    expect(got).toEqual(
      groups(
        all,
        (r) => `${r.Due.slice(0, 7)}-01`,
        (rs) => rs.length,
      ),
    );
    expect(got.reduce((n, r) => n + Number(r.values[0]), 0)).toBe(total);
    expect(objects(store)).toContain("_nc_grp_items$due");
  });

  it("a sum by a select gets a covering index of (select, number) and the same sums", () => {
    const before = run({ x: { column: "Category" }, y: [{ agg: "sum", column: "Amount" }] });
    expect(objects(store)).toContain("_nc_ix_items__agg__category__amount");
    const rows = store.exec("SELECT category, total(amount) AS s FROM items GROUP BY category ORDER BY category");
    expect(before.map((r) => r.values[0])).toEqual(rows.map((r) => Number(r.s)));
    const plan = store
      .exec("EXPLAIN QUERY PLAN SELECT gx, SUM(v0) FROM (SELECT category AS gx, amount AS v0 FROM items) GROUP BY gx")
      .map((r) => String(r.detail))
      .join(" ");
    expect(plan).toContain("COVERING INDEX _nc_ix_items__agg__category__amount");
  });

  it("a filtered aggregate makes no index and reads the rows", () => {
    const n = objects(store).length;
    const got = aggregate(
      store,
      "items",
      { x: { column: "Done" }, y: [{ agg: "max", column: "Amount" }] },
      undefined,
      "(Amount,lt,500)",
    );
    expect(got.rows.map((r) => r.values[0])).toEqual([
      Math.max(...all.filter((r) => !r.Done && r.Amount < 500).map((r) => r.Amount)),
      Math.max(...all.filter((r) => r.Done && r.Amount < 500).map((r) => r.Amount)),
    ]);
    expect(objects(store)).toHaveLength(n);
  });
});

describe("a pivot whose rows × columns would be huge", () => {
  it("answers at most the bounds, with totals over every record, and says it was cut", () => {
    const { store, all } = items(12_000);
    // x: 12,000 titles; series: 1,000 amounts: 12 million possible cells.
    const spec: AggregateSpec = {
      x: { column: "Title" },
      series: { column: "Amount" },
      y: [{ agg: "count" }],
      pivot: true,
      limit: 1000,
    };
    const { rows } = aggregate(store, "items", spec);
    expect(rows.length).toBeLessThanOrEqual(PIVOT_CELLS_MAX + 1 + 1001 + PIVOT_COLUMNS_MAX + 1 + 1);
    const p = pivot(rows, 1000);
    expect(p.truncated).toEqual({ rows: true, columns: true });
    expect(p.rows.length).toBeLessThanOrEqual(1000);
    expect(p.columns).toHaveLength(PIVOT_COLUMNS_MAX);
    expect(p.total).toBe(all.length);
    // Each kept row's total is its count over every record; its cells never exceed it.
    const titles = [...all.map((r) => r.Title)].sort();
    expect(p.rows[0]).toEqual({ key: titles[0], total: 1 });
    for (const [i, r] of p.rows.entries())
      expect(p.cells[i]!.reduce<number>((n, c) => n + Number(c ?? 0), 0)).toBeLessThanOrEqual(Number(r.total));
  });

  it("a small pivot is whole and says nothing was cut", () => {
    const { store, all } = items(300);
    const spec: AggregateSpec = {
      x: { column: "Category" },
      series: { column: "Done" },
      y: [{ agg: "count" }],
      pivot: true,
    };
    const p = pivot(aggregate(store, "items", spec).rows, 1000);
    expect(p.truncated).toEqual({ rows: false, columns: false });
    expect(p.rows).toHaveLength(5);
    expect(p.total).toBe(all.length);
    const a = p.rows.findIndex((r) => r.key === "a");
    const yes = p.columns.findIndex((c) => (c.key as unknown) === true || c.key === 1);
    expect(p.cells[a]![yes]).toBe(all.filter((r) => r.Category === "a" && r.Done).length);
  });
});
