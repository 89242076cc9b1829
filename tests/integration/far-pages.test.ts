import { describe, expect, it } from "vitest";
import { FAR } from "../../db/rows/read";
import { inRoom, seedProject, seedUser, succeeding } from "./support";

/**
 * Issue 36, far jumps: a page at a deep offset is read backwards from the end in the second half
 * and, under a filter, found by key through an index of the order and the filter's columns in the
 * first half (db/rows/read.ts farPage). Each such page must hold exactly the rows an offset read
 * gives: compared with `LIMIT/OFFSET` over the rows by a scan (NOT INDEXED) in the room, for sorts
 * with long runs of ties and NULLs, ascending and descending, with and without filters.
 */
const M = "/api/v1/db/meta";
const D = "/api/v1/db/data/noco";
const ROWS = 4 * FAR + 500;
const PAGE = 25;
const pick = <T>(list: T[], i: number, every: number) => (i % every === 0 ? null : list[i % list.length]!);
const row = (i: number) => ({
  Title: pick(["b", "a", "B", "é", ""], i * 7, 6),
  Amount: pick([3, -1, 0, 12, 7], i * 5, 9),
  Price: pick([1.5, 0.25, 99], i * 3, 7),
  Status: pick(["Todo", "Doing", "Done"], i * 11, 5),
});

/** Each case: the API's sort and filter, and the same order and condition as SQL for the scan. */
const CASES = [
  { sort: "", where: "", order: "id", cond: "1" },
  { sort: "-Price", where: "", order: "price DESC, id", cond: "1" },
  { sort: "Title,-Amount", where: "", order: "title, amount DESC, id", cond: "1" },
  { sort: "-Price", where: "(Amount,gt,0)", order: "price DESC, id", cond: "amount > 0" },
  { sort: "Amount", where: "(Amount,gt,0)", order: "amount, id", cond: "amount > 0" },
  { sort: "Title", where: "(Status,eq,Todo)", order: "title, id", cond: "status = 'Todo'" },
  {
    sort: "-Price,Title",
    where: "(Amount,lt,10)~and(Status,neq,Done)",
    order: "price DESC, title, id",
    cond: "amount < 10 AND (status IS NOT 'Done')",
  },
  { sort: "", where: "(Price,gte,1)", order: "id", cond: "price >= 1" },
  {
    sort: "-Status",
    where: "(Amount,eq,3)~or(Amount,eq,7)",
    order: "status DESC, id",
    cond: "amount = 3 OR amount = 7",
  },
];

describe("far pages", () => {
  it("hold the offset read's rows at every depth, for sorts with ties and NULLs, filtered or not", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const call = succeeding(owner);
    const options = ["Todo", "Doing", "Done"].map((title) => ({ title }));
    await call("POST", `${M}/projects/${projectId}/tables`, {
      table_name: "items",
      title: "Items",
      columns: [
        { title: "Title", uidt: "SingleLineText" },
        { title: "Amount", uidt: "Number" },
        { title: "Price", uidt: "Decimal" },
        { title: "Status", uidt: "SingleSelect", colOptions: { options } },
      ],
    });
    const all = Array.from({ length: ROWS }, (_, i) => row(i));
    for (let at = 0; at < all.length; at += 1000)
      await call("POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, all.slice(at, at + 1000));

    for (const c of CASES) {
      const scan = await inRoom(projectId, (room) =>
        room.store
          .exec(`SELECT id FROM "items" NOT INDEXED WHERE ${c.cond} ORDER BY ${c.order}`)
          .map((r) => Number(r.id)),
      );
      const total = scan.length;
      expect(total, c.where).toBeGreaterThan(FAR + PAGE);
      const query = (offset: number) =>
        `?limit=${PAGE}&offset=${offset}${c.sort ? `&sort=${c.sort}` : ""}${c.where ? `&where=${encodeURIComponent(c.where)}` : ""}`;
      const half = Math.floor(total / 2);
      const offsets = [FAR, FAR + 1, half - 1, half, half + 1, total - PAGE - 1, total - PAGE, total - 3, total - 1];
      for (const offset of offsets) {
        const got = await call("GET", `${D}/${projectId}/Items${query(offset)}`);
        const ids = (got.list as Array<{ Id: number }>).map((r) => r.Id);
        expect(ids, `${JSON.stringify(c)} at ${offset}`).toEqual(scan.slice(offset, offset + PAGE));
        expect(got.pageInfo.totalRows).toBe(total);
        expect(got.pageInfo.isLastPage, `${JSON.stringify(c)} at ${offset}`).toBe(offset + PAGE >= total);
        // The page's cursor goes on where an offset read would.
        if (got.pageInfo.cursor) {
          const next = await call("GET", `${D}/${projectId}/Items${query(0)}&cursor=${got.pageInfo.cursor}`);
          const nextIds = (next.list as Array<{ Id: number }>).map((r) => r.Id);
          expect(nextIds).toEqual(scan.slice(offset + PAGE, offset + 2 * PAGE));
        } else expect(offset + PAGE).toBeGreaterThanOrEqual(total);
      }
    }
    // The filtered, sorted jumps made their indexes (at most two per table; later ones read by offset).
    const jumps = await inRoom(projectId, (room) =>
      room.store.exec(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%\\_\\_jump\\_\\_%' ESCAPE '\\'",
      ),
    );
    expect(jumps.length).toBe(2);
  });
});
