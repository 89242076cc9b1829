import { describe, expect, it } from "vitest";
import { api, seedUser } from "./support";

/** D1 reads run in a Sessions API session whose bookmark the client carries (functions/lib/d1-session.ts). */
describe("D1 sessions", () => {
  it("hands back a bookmark after a write, and serves a request that carries it", async () => {
    const user = await seedUser("org-level-creator");
    const made = await api("POST", "/api/v1/db/meta/projects", { token: user.token, body: { title: "Bookmarked" } });
    expect(made.status).toBe(200);
    const bookmark = made.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(/^[A-Za-z0-9._:-]+$/);
    expect(made.headers.get("set-cookie")).toContain(`d1_bookmark=${bookmark}`);
    // Read-your-writes: a list that starts from the write's bookmark sees the new project.
    const list = await api("GET", "/api/v1/db/meta/projects", {
      token: user.token,
      headers: { "x-d1-bookmark": bookmark! },
    });
    expect(list.status).toBe(200);
    expect(list.body.list.map((p: { title: string }) => p.title)).toContain("Bookmarked");
    // The same through the cookie; a malformed bookmark is ignored rather than refused.
    const viaCookie = await api("GET", "/api/v1/db/meta/projects", {
      token: user.token,
      headers: { cookie: `d1_bookmark=${bookmark}` },
    });
    expect(viaCookie.status).toBe(200);
    const junk = await api("GET", "/api/v1/db/meta/projects", {
      token: user.token,
      headers: { "x-d1-bookmark": "<script>" },
    });
    expect(junk.status).toBe(200);
  });
});
