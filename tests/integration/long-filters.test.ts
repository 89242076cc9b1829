/**
 * A filter of many or-ed (or and-ed) conditions, as the filter builder makes when a user adds many:
 * SQLite refuses an expression tree deeper than its limit (100 in the project's object), so the
 * where compiler joins long chains as a balanced tree (depth log2 n), never one n deep. Values to
 * bind stay capped at 100 per statement (a 400 naming the limit); conditions without a value
 * (blank, null, checked ...) are not, so those make the long chains here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

const ROWS = 400;
let owner: TestUser;
let T: string;

beforeAll(async () => {
  owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const made = await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Items",
      columns: [
        { title: "Title", uidt: "SingleLineText" },
        { title: "Amount", uidt: "Number" },
      ],
    },
  });
  expect(made.status).toBe(200);
  const rows = Array.from({ length: ROWS }, (_, i) => ({ Title: `Item ${i}`, Amount: i }));
  expect(
    (await api("POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, { token: owner.token, body: rows })).status,
  ).toBe(200);
  T = `/api/v1/db/data/noco/${projectId}/Items`;
});

const list = (where: string) =>
  api("GET", `${T}?limit=1000&where=${encodeURIComponent(where)}`, { token: owner.token });

describe("long filter chains", () => {
  it("answers 150 or-ed conditions with exactly the matching rows", async () => {
    // 60 values, then 90 conditions that match nothing (every row has a title): 150 terms.
    const picked = Array.from({ length: 60 }, (_, i) => i * 3);
    const where =
      picked.map((n, i) => `${i === 0 ? "" : "~or"}(Amount,eq,${n})`).join("") + "~or(Title,blank)".repeat(90);
    const res = await list(where);
    expect(res.body.msg).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.body.list.map((r: { Amount: number }) => r.Amount).sort((a: number, b: number) => a - b)).toEqual(
      picked,
    );
    expect(res.body.pageInfo.totalRows).toBe(60);
  });

  it("answers 150 and-ed conditions, and a mix of both, as SQL precedence reads them", async () => {
    const excluded = Array.from({ length: 60 }, (_, i) => i * 2);
    const and = await list(
      excluded.map((n, i) => `${i === 0 ? "" : "~and"}(Amount,neq,${n})`).join("") + "~and(Title,notblank)".repeat(90),
    );
    expect(and.status).toBe(200);
    expect(and.body.pageInfo.totalRows).toBe(ROWS - 60);
    // (Amount < 10 AND Amount > 5 AND Title not blank) OR ... 40 times, then OR Amount = 399: rows 6..9 and 399.
    const mixed =
      Array.from(
        { length: 40 },
        (_, i) => `${i === 0 ? "" : "~or"}(Amount,lt,10)~and(Amount,gt,5)~and(Title,notblank)`,
      ).join("") + "~or(Amount,eq,399)";
    const res = await list(mixed);
    expect(res.status).toBe(200);
    expect(res.body.list.map((r: { Amount: number }) => r.Amount).sort((a: number, b: number) => a - b)).toEqual([
      6, 7, 8, 9, 399,
    ]);
  });

  it("refuses more than 100 values to bind with a 400 naming the limit", async () => {
    const res = await list(Array.from({ length: 120 }, (_, i) => `${i === 0 ? "" : "~or"}(Amount,eq,${i})`).join(""));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/at most 100 per statement/);
  });
});
