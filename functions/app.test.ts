import { describe, expect, it } from "vitest";
import { createApp } from "./app";
import { isAclMiddleware } from "./middleware/acl";

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
