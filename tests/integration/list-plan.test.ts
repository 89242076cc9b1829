import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { compileList, readListParams } from "../../db/query";
import { queryTable } from "../../db/rows/read";
import { tableRef } from "../../db/rows/table-ref";
import type { ProjectRoom } from "../../realtime/project-room";
import { api, seedProject, seedUser, roomStub } from "./support";

/**
 * Issue 14: a filtered and sorted page walks the on-demand (filter, sort) index instead of sorting the
 * table, and totalRows comes from the room's count cache until a write.
 */
const ROWS = 3000;
const FILTER = `where=${encodeURIComponent("(Amount,gt,500)~and(Category,eq,cat3)")}&sort=-Price`;

const items = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => ({
    Title: `Item ${from + k}`,
    Category: `cat${(from + k) % 10}`,
    Amount: ((from + k) * 7919) % 1000,
    Price: (((from + k) * 104729) % 100000) / 100,
  }));

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const cats = Array.from({ length: 10 }, (_, i) => ({ title: `cat${i}` }));
  const made = await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Items",
      columns: [
        { title: "Title", uidt: "SingleLineText" },
        { title: "Category", uidt: "SingleSelect", colOptions: { options: cats } },
        { title: "Amount", uidt: "Number" },
        { title: "Price", uidt: "Decimal" },
      ],
    },
  });
  expect(made.status).toBe(200);
  const bulk = await api("POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, {
    token: owner.token,
    body: items(0, ROWS),
  });
  expect(bulk.status).toBe(200);
  return {
    owner,
    projectId,
    T: `/api/v1/db/data/noco/${projectId}/Items`,
    columns: made.body.columns as Array<{ id: string; title: string }>,
  };
}

/** The plan's lines for a list request's query string, compiled as the room compiles it. */
/** `indexedBy`: the sort index a filtered list names, as listRows does (db/rows/read.ts). */
const planOf = (room: ProjectRoom, query: string, indexedBy?: string) => {
  const t = tableRef(room.store, "Items");
  const compiled = compileList({
    dialect: "sqlite",
    table: queryTable(t),
    ...readListParams(new URLSearchParams(query)),
    indexedBy,
  });
  return room.store
    .exec(`EXPLAIN QUERY PLAN ${compiled.list.sql}`, ...(compiled.list.params as never[]))
    .map((r) => String(r.detail))
    .join("\n");
};

const inRoom = <T>(projectId: string, fn: (room: ProjectRoom) => T) =>
  runInDurableObject(roomStub(projectId), (room: ProjectRoom) => fn(room));

describe("list query plans", () => {
  it("searches the (filter, sort) index for a filtered, sorted page, with no temporary sort", async () => {
    const { owner, projectId, T, columns } = await setup();
    const page = await api("GET", `${T}?limit=25&${FILTER}`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.body.list).toHaveLength(25);
    const prices = page.body.list.map((r: { Price: number }) => r.Price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const plan = await inRoom(projectId, (room) => {
      const t = tableRef(room.store, "Items");
      const compiled = compileList({
        dialect: "sqlite",
        table: queryTable(t),
        ...readListParams(new URLSearchParams(`limit=25&${FILTER}`)),
      });
      return room.store
        .exec(`EXPLAIN QUERY PLAN ${compiled.list.sql}`, ...(compiled.list.params as never[]))
        .map((r) => String(r.detail));
    });
    // Its sort index is its jump index (jump-index.ts): (category, price DESC, id, amount).
    expect(plan.join("\n")).toMatch(
      /SEARCH .* USING INDEX _nc_ix_items__jump__category__eq__price__desc__\w+ \(category=\?\)/i,
    );
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
    // The filter column can still be dropped: its on-demand indexes go first.
    const category = columns.find((c) => c.title === "Category")!;
    expect((await api("DELETE", `/api/v1/db/meta/columns/${category.id}`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `${T}?limit=25&sort=-Price`, { token: owner.token })).status).toBe(200);
  });

  it("answers totalRows from the count cache until a write", async () => {
    const { owner, projectId, T } = await setup();
    const first = await api("GET", `${T}?limit=25&${FILTER}`, { token: owner.token });
    const total = first.body.pageInfo.totalRows as number;
    expect(total).toBeGreaterThan(25);
    // Behind the room's back (no write path, so no cache drop): a cached count does not see it.
    await inRoom(projectId, (room) =>
      room.store.exec(
        `DELETE FROM ${JSON.stringify(tableRef(room.store, "Items").model.tableName)} WHERE category = 'cat3'`,
      ),
    );
    const cached = await api("GET", `${T}?limit=25&offset=25&${FILTER}`, { token: owner.token });
    expect(cached.body.pageInfo.totalRows).toBe(total);
    // A write through the API drops the cache: the count is exact again.
    expect(
      (await api("POST", T, { token: owner.token, body: { Title: "new", Category: "cat1", Amount: 1 } })).status,
    ).toBe(200);
    const fresh = await api("GET", `${T}?limit=25&${FILTER}`, { token: owner.token });
    expect(fresh.body.pageInfo.totalRows).toBe(0);
  });

  it("drops the sort indexes after a bulk growth with no sorted read, and the next reads make them again with the same rows", async () => {
    const { owner, projectId, T } = await setup();
    const autoIndexes = () =>
      inRoom(projectId, (room) =>
        room.store
          .exec("SELECT name FROM sqlite_master WHERE type = 'index' AND substr(name, 1, 7) = '_nc_ix_' ORDER BY name")
          .map((r) => String(r.name)),
      );
    const sorted = `limit=25&sort=-Price`;
    expect((await api("GET", `${T}?${sorted}`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `${T}?limit=25&${FILTER}`, { token: owner.token })).status).toBe(200);
    expect(await autoIndexes()).toEqual([
      "_nc_ix_items__jump__category__eq__price__desc__id__asc__with__amount",
      "_nc_ix_items__price__desc",
    ]);
    // As many rows again without a sorted read in between: keeping the indexes would cost more
    // than making them again (auto-index.ts), so they go before the rows do.
    const grown = await api("POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, {
      token: owner.token,
      body: items(ROWS, ROWS),
    });
    expect(grown.status).toBe(200);
    expect(await autoIndexes()).toEqual([]);
    // The next reads answer what a scan answers (all rows, sorted here) and make the indexes again.
    const all = items(0, 2 * ROWS).map((r, i) => ({ Id: i + 1, ...r }));
    const byPrice = (a: { Price: number; Id: number }, b: { Price: number; Id: number }) =>
      b.Price - a.Price || a.Id - b.Id;
    const page = await api("GET", `${T}?${sorted}`, { token: owner.token });
    expect(page.body.list.map((r: { Id: number }) => r.Id)).toEqual(
      [...all]
        .sort(byPrice)
        .slice(0, 25)
        .map((r) => r.Id),
    );
    const filtered = await api("GET", `${T}?limit=25&offset=25&${FILTER}`, { token: owner.token });
    const matching = all.filter((r) => r.Amount > 500 && r.Category === "cat3").sort(byPrice);
    expect(filtered.body.pageInfo.totalRows).toBe(matching.length);
    expect(filtered.body.list.map((r: { Id: number }) => r.Id)).toEqual(matching.slice(25, 50).map((r) => r.Id));
    // The filtered list's count made a count index of its filter too (count-index.ts): 6,000 rows now.
    expect(await autoIndexes()).toEqual([
      "_nc_ix_items__category__amount__count",
      "_nc_ix_items__jump__category__eq__price__desc__id__asc__with__amount",
      "_nc_ix_items__price__desc",
    ]);
    const plans = await inRoom(projectId, (room) => [
      planOf(room, sorted),
      planOf(room, `limit=25&${FILTER}`, "_nc_ix_items__jump__category__eq__price__desc__id__asc__with__amount"),
    ]);
    expect(plans[0]).toMatch(/SCAN .* USING INDEX _nc_ix_items__price__desc/i);
    expect(plans[1]).toMatch(
      /SEARCH .* USING INDEX _nc_ix_items__jump__category__eq__price__desc__id__asc__with__amount \(category=\?\)/i,
    );
    expect(plans.join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});
