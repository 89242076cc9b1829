/**
 * The on-demand sort indexes' upkeep rule (auto-index.ts): kept while sorted reads come between
 * inserts, dropped once the rows inserted without one would have paid for a rebuild, and made
 * again by the next sorted read, which answers the same rows in the same order.
 */
import { describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import { createTable } from "../schema/tables";
import { BUILD_LATER_FROM, MIN_INSERTED, rebuildIsCheaper } from "./auto-index";
import * as rowsApi from "./api";
import { listRows } from "./read";

const actor = { id: "u1", email: "a@example.com", name: "A" };
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => ({ Title: `t${from + k}`, Price: ((from + k) * 7919) % 1000 }));

function items(n: number) {
  const store = nodeProjectStore();
  createTable(store, "p1", {
    table_name: "items",
    title: "items",
    columns: [
      { column_name: "id", title: "Id", uidt: "ID" },
      { column_name: "title", title: "Title", uidt: "SingleLineText" },
      { column_name: "price", title: "Price", uidt: "Decimal" },
    ],
  } as never);
  for (let i = 0; i < n; i += 8_000) rowsApi.insertMany(store, "items", rows(i, Math.min(8_000, n - i)), actor);
  return store;
}

const autoIndexes = (store: ReturnType<typeof nodeProjectStore>) =>
  store
    .exec("SELECT name FROM sqlite_master WHERE type = 'index' AND substr(name, 1, 7) = '_nc_ix_'")
    .map((r) => String(r.name));
const sorted = (store: ReturnType<typeof nodeProjectStore>) =>
  listRows(store, "items", { sort: ["-Price"], limit: 25, offset: 0 } as never, new Map()).list;

describe("rebuildIsCheaper", () => {
  it("is false for few rows and for a sixteenth of the table or less", () => {
    expect(rebuildIsCheaper(MIN_INSERTED - 1, 0)).toBe(false);
    expect(rebuildIsCheaper(50_000, 1_000_000)).toBe(false);
    expect(rebuildIsCheaper(62_499, 1_000_000)).toBe(false);
    expect(rebuildIsCheaper(62_500, 1_000_000)).toBe(true);
    expect(rebuildIsCheaper(MIN_INSERTED, 10_000)).toBe(true);
  });
});

describe("the sort index's upkeep", () => {
  it("keeps the index while sorted reads come between inserts, drops it after a bulk growth, makes it again", () => {
    const store = items(16_000);
    sorted(store);
    expect(autoIndexes(store)).toEqual(["_nc_ix_items__price__desc"]);
    // 999 rows (under MIN_INSERTED) and a read, then 999 more: kept, as each read restarts the count.
    rowsApi.insertMany(store, "items", rows(16_000, 999), actor);
    sorted(store);
    rowsApi.insertMany(store, "items", rows(16_999, 999), actor);
    expect(autoIndexes(store)).toEqual(["_nc_ix_items__price__desc"]);
    // 1,000 rows more without a read: 1,999 rows, more than 17,998 / 16: dropped.
    rowsApi.insertMany(store, "items", rows(17_998, 1_000), actor);
    expect(autoIndexes(store)).toEqual([]);
    // The next sorted read makes it again and answers what a scan answers.
    const page = sorted(store);
    expect(autoIndexes(store)).toEqual(["_nc_ix_items__price__desc"]);
    const all = rows(0, 18_998).map((r, i) => ({ Id: i + 1, ...r }));
    all.sort((a, b) => b.Price - a.Price || a.Id - b.Id);
    expect(page.map((r) => [r.Id, r.Price])).toEqual(all.slice(0, 25).map((r) => [r.Id, r.Price]));
  });
});

describe("the sort index of a big table", () => {
  it("is left to after the read, which answers by a scan; only the sort asked last gets one", () => {
    const store = items(0);
    store.exec(
      `WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ?) INSERT INTO items (title, price) SELECT 't' || i, (i * 7919) % 1000 FROM c`,
      BUILD_LATER_FROM,
    );
    const asked: Array<{ slot: string; job: string; fn: () => void }> = [];
    store.later = (slot, job, fn) => asked.push({ slot, job, fn });
    const page = (sort: string) =>
      listRows(store, "items", { sort: [sort], limit: 5, offset: 0 } as never, new Map()).list.map((r) => r.Id);
    const scan = (order: string) =>
      store.exec(`SELECT id FROM items NOT INDEXED ORDER BY ${order} LIMIT 5`).map((r) => Number(r.id));
    // The Sort dialog's steps: the new sort's default field, the chosen field, then its direction.
    expect(page("Title")).toEqual(scan("title, id"));
    expect(page("Price")).toEqual(scan("price, id"));
    expect(page("-Price")).toEqual(scan("price DESC, id"));
    expect(autoIndexes(store)).toEqual([]);
    expect(asked.map((a) => [a.slot, a.job])).toEqual([
      ["sort-index:items", "_nc_ix_items__title__asc"],
      ["sort-index:items", "_nc_ix_items__price__asc"],
      ["sort-index:items", "_nc_ix_items__price__desc"],
    ]);
    asked.at(-1)!.fn();
    expect(autoIndexes(store)).toEqual(["_nc_ix_items__price__desc"]);
    expect(page("-Price")).toEqual(scan("price DESC, id"));
    expect(asked).toHaveLength(3);
  });
});
