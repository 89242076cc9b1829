import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import { MEMO_SIZE, MemoRouter } from "./memo-router";

function appWith(router: MemoRouter<never> | undefined) {
  const app = new Hono(router ? { router } : {});
  app.use("*", async (c, next) => {
    await next();
    c.header("x-seen", "1");
  });
  app.get("/api/:orgs/:project/:table", (c) => c.json({ route: "list", ...c.req.param() }));
  app.get("/api/:orgs/:project/:table/count", (c) => c.json({ route: "count", ...c.req.param() }));
  app.get("/api/:orgs/:project/:table/:row", (c) => c.json({ route: "row", ...c.req.param() }));
  app.post("/api/:orgs/:project/:table", (c) => c.json({ route: "insert", ...c.req.param() }));
  return app;
}

const PATHS: Array<[string, string]> = [
  ["GET", "/api/noco/p1/t1"],
  ["GET", "/api/noco/p1/t1/count"],
  ["GET", "/api/noco/p1/t1/42"],
  ["POST", "/api/noco/p1/t1"],
  ["GET", "/api/noco/p2/t9/7"],
  ["GET", "/nowhere"],
  ["GET", "/api/noco/p1/t1"],
];

describe("MemoRouter", () => {
  it("answers as the routers it wraps, the second time from memory, with each path's own parameters", async () => {
    const router = new MemoRouter<never>(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] }));
    const memo = appWith(router);
    const plain = appWith(undefined);
    for (let round = 0; round < 2; round++) {
      for (const [method, path] of PATHS) {
        const [a, b] = await Promise.all([memo.request(path, { method }), plain.request(path, { method })]);
        expect(a.status).toBe(b.status);
        expect(a.headers.get("x-seen")).toBe(b.headers.get("x-seen"));
        expect(await a.text()).toBe(await b.text());
      }
    }
    expect(router.size).toBe(new Set(PATHS.map((p) => p.join(" "))).size);
    const row = await (await memo.request("/api/noco/p2/t9/7")).json();
    expect(row).toEqual({ route: "row", orgs: "noco", project: "p2", table: "t9", row: "7" });
  });

  it("keeps at most MEMO_SIZE paths, and none of very long ones", async () => {
    const router = new MemoRouter<never>(new TrieRouter());
    const app = appWith(router);
    for (let i = 0; i < MEMO_SIZE + 50; i++) await app.request(`/api/noco/p/t/${i}`);
    expect(router.size).toBe(MEMO_SIZE);
    const res = await app.request(`/api/noco/p/t/${"9".repeat(600)}`);
    expect(((await res.json()) as { row: string }).row).toHaveLength(600);
    expect(router.size).toBe(MEMO_SIZE);
  });
});
