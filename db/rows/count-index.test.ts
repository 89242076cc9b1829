/**
 * Which index a count under a filter gets (count-index.ts), and that counts and group-bys read from
 * indexes and maintained group counts (group-counts.ts) answer what a scan answers, through
 * inserts, updates, deletes and the growth rule's drop.
 */
import { describe, expect, it } from "vitest";
import { actor, items, row } from "../../tests/support/items-table";
import type { nodeProjectStore } from "../../tests/support/node-store";
import { countIndexFor, MIN_ROWS } from "./count-index";
import * as rowsApi from "./api";
import { countRows, groupBy, listRows } from "./read";
import { tableRef } from "./table-ref";

describe("countIndexFor", () => {
  const t = tableRef(items(), "items");
  const cols = (where: string) => countIndexFor(t, where)?.columns ?? null;

  it("puts the equality columns first, then the one range column", () => {
    expect(cols("(Amount,gt,100)~and(Category,eq,c)")).toEqual(["category", "amount"]);
    expect(cols("(Category,eq,c)~and(Due,eq,exactDate,2026-01-10)~and(Amount,lte,5)")).toEqual([
      "category",
      "due",
      "amount",
    ]);
    expect(cols("(Amount,btw,1,5)")).toEqual(["amount"]);
    expect(cols("(Category,eq,c)")).toEqual(["category"]);
    // Equalities keep the filter's order (a number's too); two bounds on one column are one range.
    expect(cols("(Amount,eq,5)~and(Category,eq,c)")).toEqual(["amount", "category"]);
    expect(cols("(Amount,gt,5)~and(Amount,lt,9)")).toEqual(["amount"]);
    expect(countIndexFor(t, "(Amount,gt,100)~and(Category,eq,c)")?.name).toBe("_nc_ix_items__category__amount__count");
  });

  it("gives none where the index could not hold every condition", () => {
    expect(cols("(Amount,gt,1)~or(Category,eq,c)")).toBeNull(); // an or
    expect(cols("(Amount,gt,1)~and(Price,lt,5)")).toBeNull(); // two ranges
    expect(cols("(Notes,eq,x)")).toBeNull(); // long text gets no index
    expect(cols("(Id,gt,5)")).toBeNull(); // the key is the table's own order
    expect(cols("(Title,like,%x%)")).toBeNull(); // like is no range
    expect(cols("(Category,eq,c)~and(Amount,neq,3)")).toBeNull();
    expect(cols("~not(Category,eq,c)")).toBeNull();
    expect(cols("")).toBeNull();
    expect(cols("(Nope,eq,1)")).toBeNull();
    expect(cols("(Category,eq,a)~or(Amount,eq,3)")).toBeNull(); // an or across columns
    expect(cols("(Category,eq,a)~or(Category,neq,c)")).toBeNull();
  });

  it("takes an or of eqs on one column as that column's equality", () => {
    expect(cols("(Category,eq,a)~or(Category,eq,c)")).toEqual(["category"]);
    expect(cols("(Amount,gt,100)~and((Category,eq,a)~or(Category,eq,c))")).toEqual(["category", "amount"]);
  });
});

const indexes = (store: ReturnType<typeof nodeProjectStore>) =>
  store
    .exec("SELECT name FROM sqlite_master WHERE type = 'index' AND substr(name, 1, 7) = '_nc_ix_' ORDER BY name")
    .map((r) => String(r.name));
const plan = (store: ReturnType<typeof nodeProjectStore>, sql: string) =>
  store
    .exec(`EXPLAIN QUERY PLAN ${sql}`)
    .map((r) => String(r.detail))
    .join("; ");

describe("counts and groups from indexes and maintained counts", () => {
  const n = MIN_ROWS + 1_000;
  const store = items(n);
  const scanCount = (sql: string) =>
    Number(store.exec(`SELECT count(*) AS n FROM items NOT INDEXED WHERE ${sql}`)[0]!.n);
  const scanGroups = () =>
    store
      .exec("SELECT category, count(*) AS count FROM items NOT INDEXED GROUP BY category ORDER BY category")
      .map((r) => ({ category: r.category ?? null, count: Number(r.count) }));
  const counted = (where: string) => countRows(store, "items", where, new Map()).count;
  const grouped = () =>
    groupBy(store, "items", "Category", { limit: 25, offset: 0 } as never).list.map((g) => ({
      category: g.category ?? null,
      count: Number(g.count),
    }));

  it("counts a filter over the covering index, which SQLite uses, the scan's answer", () => {
    expect(counted("(Amount,gt,100)~and(Category,eq,c)")).toBe(scanCount("amount > 100 AND category = 'c'"));
    expect(indexes(store)).toContain("_nc_ix_items__category__amount__count");
  });

  it("counts an or of eqs on one column (repeated values too) as the scan does", () => {
    expect(counted("(Category,eq,a)~or(Category,eq,c)")).toBe(scanCount("category IN ('a', 'c')"));
    expect(counted("(Category,eq,a)~or(Category,eq,a)")).toBe(scanCount("category = 'a'"));
    expect(counted("(Amount,gt,100)~and((Category,eq,b)~or(Category,eq,d))")).toBe(
      scanCount("amount > 100 AND category IN ('b', 'd')"),
    );
  });

  it("groups from maintained counts, the scan's groups, through inserts, updates and deletes", () => {
    expect(grouped()).toEqual(scanGroups());
    expect(store.exec("SELECT name FROM sqlite_master WHERE name = '_nc_grp_items$category'").length).toBe(1);
    rowsApi.insertMany(store, "items", [row(n), { ...row(n + 1), Category: "e" }], actor);
    rowsApi.updateMany(
      store,
      "items",
      [
        { Id: 1, Category: "e" },
        { Id: 2, Category: null },
        { Id: 3, Amount: 5 },
      ],
      actor,
    );
    rowsApi.deleteMany(store, "items", [{ Id: 4 }, { Id: 5 }, { Id: 10 }], actor);
    expect(grouped()).toEqual(scanGroups());
    expect(grouped().find((g) => g.category === "e")?.count).toBe(2);
    // The plain count is the counts' sum, and equals the table's.
    expect(counted("")).toBe(scanCount("1"));
    expect(countRows(store, "items", undefined, new Map()).count).toBe(scanCount("1"));
    expect(counted("(Amount,gt,100)~and(Category,eq,c)")).toBe(scanCount("amount > 100 AND category = 'c'"));
    // Sorted by count, paged: as the scan.
    const byCount = groupBy(store, "items", "Category", { limit: 2, offset: 1, sort: ["-count"] } as never);
    const scan = store
      .exec(
        "SELECT category, count(*) AS count FROM items NOT INDEXED GROUP BY category ORDER BY count DESC, category LIMIT 2 OFFSET 1",
      )
      .map((r) => ({ Category: r.category ?? null, count: Number(r.count) }));
    expect(byCount.list.map((g) => ({ Category: g.category ?? null, count: Number(g.count) }))).toEqual(scan);
    expect(byCount.pageInfo.totalRows).toBe(scanGroups().length);
  });

  it("keeps the answers after the growth rule drops the indexes and counts", () => {
    rowsApi.insertMany(
      store,
      "items",
      Array.from({ length: 2_000 }, (_, k) => row(n + 10 + k)),
      actor,
    );
    expect(indexes(store)).toEqual([]);
    // The row count stays (row-count.ts: its trigger costs an insert next to nothing).
    expect(store.exec("SELECT name FROM sqlite_master WHERE substr(name, 1, 8) = '_nc_grp_' ORDER BY name")).toEqual([
      { name: "_nc_grp_items$*" },
      { name: "_nc_grp_items$*$d" },
      { name: "_nc_grp_items$*$i" },
    ]);
    expect(counted("(Amount,gt,100)~and(Category,eq,c)")).toBe(scanCount("amount > 100 AND category = 'c'"));
    expect(grouped()).toEqual(scanGroups());
    expect(counted("")).toBe(scanCount("1"));
    // SQLite counts over the covering index even beside the filtered sort's index (category, price,
    // id), which it would otherwise take. Last: libsql leaves an EXPLAIN's statement open.
    listRows(store, "items", { where: "(Category,eq,c)", sort: ["-Price"], limit: 5, offset: 0 } as never, new Map());
    // A filtered, sorted page beside the count index of its filter: the scan's rows, in order.
    const page = listRows(
      store,
      "items",
      { where: "(Amount,gt,100)~and(Category,eq,c)", sort: ["-Price"], limit: 5, offset: 0 } as never,
      new Map(),
    );
    expect(page.list.map((r) => r.Id)).toEqual(
      store
        .exec("SELECT id FROM items NOT INDEXED WHERE amount > 100 AND category = 'c' ORDER BY price DESC LIMIT 5")
        .map((r) => r.id),
    );
    expect(indexes(store)).toEqual([
      "_nc_ix_items__category__amount__count",
      "_nc_ix_items__category__count",
      // The filtered lists' sort indexes are their jump indexes (jump-index.ts), each its filter's.
      "_nc_ix_items__jump__category__eq__price__desc__id__asc",
      "_nc_ix_items__jump__category__eq__price__desc__id__asc__with__amount",
    ]);
    expect(plan(store, "SELECT count(*) FROM items WHERE amount > 100 AND category = 'c'")).toContain(
      "COVERING INDEX _nc_ix_items__category__amount__count",
    );
  });
});
