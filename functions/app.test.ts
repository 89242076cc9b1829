import { describe, expect, it } from "vitest";
import { createApp } from "./app";
import { isAclMiddleware } from "./middleware/acl";
import type { MemoRouter } from "./lib/memo-router";

describe("every API route declares the access it needs", () => {
  it("has a need(...) middleware on each registered route", () => {
    const app = createApp();
    const byRoute = new Map<string, boolean>();
    for (const r of app.routes) {
      if (r.method === "ALL" && r.path.endsWith("*")) continue; // app-wide middleware, not a route
      const key = `${r.method} ${r.path}`;
      byRoute.set(key, (byRoute.get(key) ?? false) || isAclMiddleware(r.handler));
    }
    expect(byRoute.size).toBeGreaterThan(0);
    const undeclared = [...byRoute].filter(([, declared]) => !declared).map(([key]) => key);
    expect(undeclared).toEqual([]);
  });
});

describe("routing", () => {
  it("routes a record's paths by shape: no route lets the digits of an id choose it", () => {
    const router = createApp().router as unknown as MemoRouter<unknown>;
    const first = router.match("PATCH", "/api/v1/db/data/noco/p_1/t_1/5");
    const next = router.match("PATCH", "/api/v1/db/data/noco/p_1/t_1/6");
    expect(router.shapes).toBe(1);
    expect(next[0].map(([handler]) => handler)).toEqual(first[0].map(([handler]) => handler));
    expect(next[0].at(-1)![1]).toMatchObject({ projectName: "p_1", tableName: "t_1", rowId: "6" });
  });
});
