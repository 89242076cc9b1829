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
    // Paths with a record id are kept by shape (one: a row of a table), the others one by one.
    expect(router.size).toBe(new Set(PATHS.filter(([, p]) => !/\/\d+$/.test(p)).map((p) => p.join(" "))).size);
    expect(router.shapes).toBe(2);
    const row = await (await memo.request("/api/noco/p2/t9/7")).json();
    expect(row).toEqual({ route: "row", orgs: "noco", project: "p2", table: "t9", row: "7" });
  });

  it("keeps at most MEMO_SIZE paths, and none of very long ones", async () => {
    const router = new MemoRouter<never>(new TrieRouter());
    const app = appWith(router);
    for (let i = 0; i < MEMO_SIZE + 50; i++) await app.request(`/api/noco/p/t${i}`);
    expect(router.size).toBe(MEMO_SIZE);
    const res = await app.request(`/api/noco/p/t/${"9".repeat(600)}`);
    expect(((await res.json()) as { row: string }).row).toHaveLength(600);
    expect(router.size).toBe(MEMO_SIZE);
  });
});

/**
 * Routes whose answers depend on ids in every way the app's do: beside literals, twice, in a
 * multi-segment parameter. `compilable`: only those RegExpRouter can compile together.
 */
function idApp(router: MemoRouter<never> | undefined, extra?: (app: Hono) => void, compilable = false) {
  const app = new Hono(router ? { router } : {});
  app.use("/api/*", async (c, next) => {
    await next();
    c.header("x-params", JSON.stringify(c.req.param()));
  });
  if (!compilable) app.get("/api/:orgs/:project/:table/count", (c) => c.json({ route: "count", ...c.req.param() }));
  app.get("/api/:orgs/:project/:table/:row", (c) => c.json({ route: "row", ...c.req.param() }));
  app.patch("/api/:orgs/:project/:table/:row", (c) => c.json({ route: "update", ...c.req.param() }));
  app.get("/api/:orgs/:project/:table/:row/mm/:column/:ref", (c) => c.json({ route: "link", ...c.req.param() }));
  if (!compilable) app.get("/files/:name{.+}", (c) => c.json({ route: "file", ...c.req.param() }));
  app.get("/pages/:kind{form|view}/:id", (c) => c.json({ route: "page", ...c.req.param() }));
  extra?.(app);
  return app;
}

const ID_PATHS: Array<[string, string]> = [
  ["GET", "/api/noco/p1/t1/17"],
  ["GET", "/api/noco/p1/t1/18"],
  ["GET", "/api/noco/p1/t1/count"],
  ["PATCH", "/api/noco/p1/t1/123456789012345"],
  ["PATCH", "/api/noco/p1/t1/0"],
  ["GET", "/api/noco/p1/t1/5/mm/c1/6"],
  ["GET", "/api/noco/p1/t1/6/mm/c1/5"],
  ["GET", "/api/noco/p1/t1/7/mm/c1/7"],
  ["GET", "/files/a/123/b"],
  ["GET", "/files/a/456/b"],
  ["GET", "/files/789"],
  ["GET", "/pages/form/12"],
  ["GET", "/pages/view/13"],
  ["GET", "/pages/12/13"],
  ["GET", "/api/noco/p1/t1/1234567890123456"],
  ["DELETE", "/api/noco/p1/t1/3"],
];

async function sameAnswers(memo: Hono, plain: Hono, paths: Array<[string, string]>) {
  for (const [method, path] of paths) {
    const [a, b] = await Promise.all([memo.request(path, { method }), plain.request(path, { method })]);
    expect(`${method} ${path} ${a.status} ${a.headers.get("x-params")} ${await a.text()}`).toBe(
      `${method} ${path} ${b.status} ${b.headers.get("x-params")} ${await b.text()}`,
    );
  }
}

describe("MemoRouter: paths that differ by a record id", () => {
  const routers = {
    trie: () => new TrieRouter<never>(),
    regexp: () => new RegExpRouter<never>(),
    smart: () => new SmartRouter<never>({ routers: [new RegExpRouter(), new TrieRouter()] }),
  };
  for (const [name, make] of Object.entries(routers)) {
    it(`answers every path with its own ids as ${name} does, sharing one answer per shape`, async () => {
      const router = new MemoRouter<never>(make());
      const memo = idApp(router, undefined, name === "regexp");
      const plain = idApp(undefined, undefined, name === "regexp");
      // Twice, in both orders, so answers come from learnt shapes as well as from the first match.
      await sameAnswers(memo, plain, ID_PATHS);
      await sameAnswers(memo, plain, [...ID_PATHS].reverse());
      const row = await (await memo.request("/api/noco/p1/t1/99")).json();
      expect(row).toEqual({ route: "row", orgs: "noco", project: "p1", table: "t1", row: "99" });
      // Rows, updates, deletes and links each by shape; the same id twice, and an id inside a
      // multi-segment parameter, path by path.
      expect(router.shapes).toBeGreaterThanOrEqual(4);
      const update = await (await memo.request("/api/noco/p1/t1/41", { method: "PATCH" })).json();
      expect(update).toEqual({ route: "update", orgs: "noco", project: "p1", table: "t1", row: "41" });
    });
  }

  it("learns no shapes once a route has a segment of digits or a pattern that picks among digit strings", async () => {
    for (const extra of [
      (app: Hono) => app.get("/api/noco/p1/t1/404", (c) => c.json({ route: "digits" })),
      (app: Hono) => app.get("/api/:orgs/:project/:table/:row{[0-9]{3}}/x", (c) => c.json({ route: "three" })),
    ]) {
      const router = new MemoRouter<never>(new TrieRouter());
      const memo = idApp(router, extra);
      const plain = idApp(undefined, extra);
      await sameAnswers(memo, plain, [
        ...ID_PATHS,
        ["GET", "/api/noco/p1/t1/404"],
        ["GET", "/api/noco/p1/t1/405"],
        ["GET", "/api/noco/p1/t1/123/x"],
        ["GET", "/api/noco/p1/t1/1234/x"],
      ]);
      expect(router.shapes).toBe(0);
    }
  });
});
