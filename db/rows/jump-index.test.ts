/**
 * A filtered, sorted list of a big table and its far jumps share one index (jump-index.ts: the
 * order's keys, then the filter's columns): the list asks it a moment later in the sort index's
 * slot, the first far jump into the first half makes it at once, and the waiting job then has
 * nothing left to build. The count of the filter is answered by SQLite's own plan while its count
 * index (count-index.ts) waits. Every page and count equals a NOT INDEXED scan's.
 */
import { describe, expect, it } from "vitest";
import { compileList, sortKeys } from "../query";
import { items } from "../../tests/support/items-table";
import { BUILD_LATER_FROM, ensureIndexes } from "./auto-index";
import { ensureJumpIndex } from "./jump-index";
import { listRows, queryTable } from "./read";
import { tableRef } from "./table-ref";

type Store = ReturnType<typeof items>;

function big(): Store {
  const store = items(0);
  store.exec(
    `WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < ?)
     INSERT INTO items (title, category, amount, price)
     SELECT 't' || i, CASE i % 5 WHEN 0 THEN 'a' WHEN 1 THEN 'b' WHEN 2 THEN 'c' WHEN 3 THEN 'd' END,
       (i * 7919) % 1000, ((i * 104729) % 100000) / 100.0 FROM c`,
    BUILD_LATER_FROM - 1,
  );
  return store;
}

const indexes = (store: Store) =>
  store
    .exec("SELECT name FROM sqlite_master WHERE type = 'index' AND substr(name, 1, 7) = '_nc_ix_' ORDER BY name")
    .map((r) => String(r.name));

const plan = (store: Store, compiled: ReturnType<typeof compileList>) =>
  store
    .exec(`EXPLAIN QUERY PLAN ${compiled.list.sql}`, ...(compiled.list.params as never[]))
    .map((r) => String(r.detail))
    .join("; ");

const WHERE = "(Amount,gt,500)";
const COND = "amount > 500";
const WIDE = "_nc_ix_items__jump__price__desc__id__asc__with__amount";

describe("one index for a filtered, sorted list and its far jumps", () => {
  const store = big();
  const asked: Array<{ slot: string; job: string; fn: () => void }> = [];
  store.later = (slot, job, fn) => asked.push({ slot, job, fn });
  const page = (offset: number) =>
    listRows(store, "items", { where: WHERE, sort: ["-Price"], limit: 25, offset } as never, new Map());
  const scan = (offset: number) =>
    store
      .exec(`SELECT id FROM items NOT INDEXED WHERE ${COND} ORDER BY price DESC, id LIMIT 25 OFFSET ?`, offset)
      .map((r) => Number(r.id));
  const total = Number(store.exec(`SELECT count(*) AS n FROM items NOT INDEXED WHERE ${COND}`)[0]!.n);

  it("reads the first page and counts by scans, and leaves both indexes to later", () => {
    const first = page(0);
    expect(first.list.map((r) => r.Id)).toEqual(scan(0));
    expect(first.pageInfo.totalRows).toBe(total);
    expect(indexes(store)).toEqual([]);
    expect(asked.map((a) => [a.slot, a.job])).toEqual([
      ["sort-index:items", WIDE],
      ["count-index:items", "_nc_ix_items__amount__count"],
    ]);
  });

  it("makes the list's index at the first far jump into the first half; the waiting job builds nothing more", () => {
    const at = Math.floor(total / 3);
    expect(page(at).list.map((r) => r.Id)).toEqual(scan(at));
    expect(indexes(store)).toEqual([WIDE]);
    asked[0]!.fn();
    expect(indexes(store)).toEqual([WIDE]);
    asked[1]!.fn();
    expect(indexes(store)).toEqual(["_nc_ix_items__amount__count", WIDE]);
    for (const offset of [0, 25, at, at + 1, total - 30])
      expect(page(offset).list.map((r) => r.Id)).toEqual(scan(offset));
    expect(page(total - 30).pageInfo.totalRows).toBe(total);
  });

  it("walks that one index for the page (no sort) and for the jump's keys (index entries only)", () => {
    const table = queryTable(tableRef(store, "items"));
    const asList = { dialect: "sqlite" as const, table, where: WHERE, sort: ["-Price"], indexedBy: WIDE };
    expect(plan(store, compileList({ ...asList, limit: 25, offset: 0 }))).toMatch(new RegExp(`USING INDEX ${WIDE}`));
    expect(plan(store, compileList({ ...asList, limit: 25, offset: 0 }))).not.toMatch(/TEMP B-TREE/);
    const keysAt = compileList({ ...asList, fields: ["Id"], keys: true, limit: 1, offset: 9_999 });
    expect(plan(store, keysAt)).toMatch(new RegExp(`USING COVERING INDEX ${WIDE}`));
    expect(plan(store, keysAt)).not.toMatch(/TEMP B-TREE/);
  });

  it("walks a sort index already made rather than build a wider one, until a far jump makes that", () => {
    const t = tableRef(store, "items");
    const sorted = listRows(store, "items", { sort: ["Title"], limit: 5, offset: 0 } as never, new Map());
    expect(sorted.list.map((r) => r.Id)).toEqual(
      store.exec("SELECT id FROM items NOT INDEXED ORDER BY title, id LIMIT 5").map((r) => Number(r.id)),
    );
    asked.at(-1)!.fn(); // the plain sort index (title, id)
    expect(indexes(store)).toContain("_nc_ix_items__title__asc");
    const where = "(Amount,lt,100)";
    const order = sortKeys(queryTable(t), ["Title"], "sqlite");
    const params = { sort: ["Title"], where };
    const listIndex = () => ensureIndexes(store, t, params, (how) => ensureJumpIndex(store, t, order, where, how));
    const jobs = asked.length;
    expect(listIndex()).toBe("_nc_ix_items__title__asc");
    const scan = (offset: number) =>
      store
        .exec("SELECT id FROM items NOT INDEXED WHERE amount < 100 ORDER BY title, id LIMIT 5 OFFSET ?", offset)
        .map((r) => Number(r.id));
    const filtered = (offset: number) =>
      listRows(store, "items", { ...params, limit: 5, offset } as never, new Map()).list.map((r) => r.Id);
    expect(filtered(10)).toEqual(scan(10));
    expect(asked).toHaveLength(jobs);
    const wide = "_nc_ix_items__jump__title__asc__id__asc__with__amount";
    expect(indexes(store)).not.toContain(wide);
    // The first far jump into the first half makes it; from then on the list walks it.
    expect(filtered(3_000)).toEqual(scan(3_000));
    expect(indexes(store)).toContain(wide);
    expect(listIndex()).toBe(wide);
    expect(filtered(10)).toEqual(scan(10));
  });
});
