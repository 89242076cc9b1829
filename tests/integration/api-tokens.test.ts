import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser } from "./support";

describe("API tokens", () => {
  it("act as their owner through xc-token, are listed without the secret, and stop when deleted", async () => {
    const owner = await seedUser("org-level-creator,super");
    const projectId = await seedProject([[owner, "owner"]]);
    const P = `/api/v1/db/meta/projects/${projectId}`;
    const made = await api("POST", `${P}/api-tokens`, { token: owner.token, body: { description: "CI sync" } });
    expect(made.status).toBe(200);
    const token = made.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40}$/);

    const list = await api("GET", `${P}/api-tokens`, { token: owner.token });
    expect(list.body.list).toHaveLength(1);
    expect(list.body.list[0]).toMatchObject({ description: "CI sync", token: `${token.slice(0, 6)}…` });
    expect(JSON.stringify(list.body)).not.toContain(token);

    const headers = { "xc-token": token };
    expect((await api("POST", `${P}/tables`, { headers, body: { table_name: "Synced" } })).status).toBe(200);
    expect(
      (await api("POST", `/api/v1/db/data/noco/${projectId}/Synced`, { headers, body: { Title: "row" } })).body.Title,
    ).toBe("row");
    expect((await api("GET", "/api/v1/auth/user/me", { headers })).body.email).toBe(owner.email);
    // The super admin's areas need a real session.
    expect((await api("GET", "/api/v1/users", { headers })).body).toEqual({ msg: "Not allowed with API token" });
    expect((await api("GET", "/api/v1/users", { token: owner.token })).status).toBe(200);

    const stranger = await seedUser("org-level-creator");
    expect((await api("DELETE", `/api/v1/tokens/${token}`, { token: stranger.token })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/tokens/${token}`, { token: owner.token })).body).toBe(1);
    expect((await api("GET", `${P}/tables`, { headers })).status).toBe(401);
    expect(
      (await api("GET", `${P}/tables`, { headers: { "xc-token": "made-up-token-that-is-long-enough" } })).status,
    ).toBe(401);
  });

  it("can be deleted by its listed id, by its owner only", async () => {
    const owner = await seedUser("org-level-creator");
    const stranger = await seedUser("org-level-creator");
    const projectId = await seedProject([
      [owner, "owner"],
      [stranger, "editor"],
    ]);
    const P = `/api/v1/db/meta/projects/${projectId}`;
    const made = await api("POST", `${P}/api-tokens`, { token: owner.token, body: { description: "to drop" } });
    const id = made.body.id as number;
    expect((await api("DELETE", `${P}/api-tokens/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await api("DELETE", `${P}/api-tokens/${id}`, { token: owner.token })).body).toBe(1);
    expect((await api("GET", `${P}/api-tokens`, { token: owner.token })).body.list).toEqual([]);
    expect((await api("GET", `${P}/tables`, { headers: { "xc-token": made.body.token } })).status).toBe(401);
  });

  it("is refused across projects the owner is not in", async () => {
    const owner = await seedUser("org-level-creator");
    const other = await seedUser("org-level-creator");
    const mine = await seedProject([[owner, "owner"]]);
    const theirs = await seedProject([[other, "owner"]]);
    const token = (await api("POST", "/api/v1/tokens", { token: owner.token, body: {} })).body.token;
    expect(
      (await api("GET", `/api/v1/db/meta/projects/${mine}/tables`, { headers: { "xc-token": token } })).status,
    ).toBe(200);
    expect(
      (await api("GET", `/api/v1/db/meta/projects/${theirs}/tables`, { headers: { "xc-token": token } })).status,
    ).toBe(403);
  });

  it("cannot mint tokens, change the password or sign out everywhere (a token is not a session)", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const token = (await api("POST", "/api/v1/tokens", { token: owner.token, body: {} })).body.token as string;
    const headers = { "xc-token": token };
    for (const [method, path, body] of [
      ["POST", "/api/v1/tokens", {}],
      ["POST", `/api/v1/db/meta/projects/${projectId}/api-tokens`, {}],
      ["POST", "/api/v1/auth/password/change", { currentPassword: "x", newPassword: "Another-Passphrase-7" }],
      ["POST", "/api/v1/auth/user/password/change", { currentPassword: "x", newPassword: "Another-Passphrase-7" }],
      ["POST", "/api/v1/auth/user/signout", {}],
    ] as const) {
      const res = await api(method, path, { headers, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body).toEqual({ msg: "Not allowed with API token" });
    }
    // Nothing was made and the owner's sessions live on.
    expect((await api("GET", "/api/v1/tokens", { token: owner.token })).body.list).toHaveLength(1);
    expect((await api("GET", "/api/v1/auth/user/me", { token: owner.token })).body.email).toBe(owner.email);
  });

  it("answers a shared-base visitor 401 on the token routes (no user to own a token), never 500", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const P = `/api/v1/db/meta/projects/${projectId}`;
    const uuid = (await api("POST", `${P}/shared`, { token: owner.token, body: { roles: "viewer" } })).body
      .uuid as string;
    const headers = { "xc-shared-base-id": uuid };
    for (const [method, path] of [
      ["POST", `${P}/api-tokens`],
      ["GET", `${P}/api-tokens`],
      ["DELETE", `${P}/api-tokens/1`],
    ] as const) {
      const res = await api(method, path, { headers, body: method === "GET" ? undefined : {} });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(401);
      expect(res.body).toEqual({ msg: "Unauthorized access" });
    }
  });

  it("deletes by id, so the secret need not appear in a URL or a log; the contract's token path still works", async () => {
    const owner = await seedUser("org-level-creator");
    const a = (await api("POST", "/api/v1/tokens", { token: owner.token, body: { description: "a" } })).body;
    const b = (await api("POST", "/api/v1/tokens", { token: owner.token, body: { description: "b" } })).body;
    const stranger = await seedUser("org-level-creator");
    expect((await api("DELETE", `/api/v1/tokens/${a.id}`, { token: stranger.token })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/tokens/${a.id}`, { token: owner.token })).body).toBe(1);
    expect((await api("GET", "/api/v1/auth/user/me", { headers: { "xc-token": a.token } })).body.email).toBeUndefined();
    expect((await api("DELETE", `/api/v1/tokens/${b.token}`, { token: owner.token })).body).toBe(1);
    expect((await api("GET", "/api/v1/tokens", { token: owner.token })).body.list).toHaveLength(0);
  });
});
