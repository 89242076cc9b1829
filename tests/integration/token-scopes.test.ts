import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, connect as mcpConnect } from "./mcp-client";
import { connect as socketConnect } from "./sockets";
import { api, seedProject, seedUser, type TestUser } from "./support";

/**
 * Scoped API tokens (issue 41): made with a scope, a project list and an expiry, listed with
 * them, and held to them on v1, v2, MCP and the socket. The route × caller walk with scoped
 * tokens over every route is acl-matrix.test.ts.
 */
const M = "/api/v1/db/meta";

async function makeToken(user: TestUser, body: Record<string, unknown>) {
  const made = await api("POST", "/api/v1/tokens", { token: user.token, body });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { id: number; token: string; scope: string; project_ids: string[] | null; expires_at: string };
}

describe("scoped API tokens", () => {
  const s = {} as { owner: TestUser; projectId: string; otherId: string; tableId: string };
  beforeAll(async () => {
    s.owner = await seedUser("org-level-creator");
    s.projectId = await seedProject([[s.owner, "owner"]]);
    s.otherId = await seedProject([[s.owner, "owner"]]);
    const table = await api("POST", `${M}/projects/${s.projectId}/tables`, {
      token: s.owner.token,
      body: { table_name: "Deals", columns: [{ title: "Name" }] },
    });
    s.tableId = table.body.id;
    await api("POST", `/api/v1/db/data/noco/${s.projectId}/Deals`, { token: s.owner.token, body: { Name: "Acme" } });
  });

  it("are made with a scope, projects and an expiry, listed with them; bad values are 400 naming the field", async () => {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const made = await makeToken(s.owner, {
      description: "reporting",
      scope: "read",
      project_ids: [s.projectId],
      expires_at: expires,
    });
    expect(made).toMatchObject({ scope: "read", project_ids: [s.projectId], expires_at: expires });
    const list = await api("GET", "/api/v1/tokens", { token: s.owner.token });
    expect(list.body.list.find((t: { id: number }) => t.id === made.id)).toMatchObject({
      description: "reporting",
      scope: "read",
      project_ids: [s.projectId],
      expires_at: expires,
    });
    // Without the new fields a token is as before: full, every project, no expiry.
    expect(await makeToken(s.owner, { description: "old style" })).toMatchObject({
      scope: "full",
      project_ids: null,
      expires_at: null,
    });
    const stranger = await seedProject([[await seedUser("org-level-creator"), "owner"]]);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ scope: "admin" }, "scope:"],
      [{ project_ids: "p_x" }, "project_ids:"],
      [{ project_ids: [] }, "project_ids:"],
      [{ project_ids: [stranger] }, "project_ids:"],
      [{ expires_at: "soon" }, "expires_at:"],
      [{ expires_at: "2001-01-01T00:00:00Z" }, "expires_at:"],
    ];
    for (const [body, field] of bad) {
      const res = await api("POST", "/api/v1/tokens", { token: s.owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
    }
    const before = (await api("GET", "/api/v1/tokens", { token: s.owner.token })).body.list.length;
    expect(before).toBe(2);
  });

  it("a read token reads through v1 and v2 but writes nothing, schema or records", async () => {
    const headers = { "xc-token": (await makeToken(s.owner, { scope: "read" })).token };
    const rows = await api("GET", `/api/v1/db/data/noco/${s.projectId}/Deals`, { headers });
    expect(rows.body.list.map((r: { Name: string }) => r.Name)).toContain("Acme");
    expect((await api("GET", `/api/v2/tables/${s.tableId}/records`, { headers })).status).toBe(200);
    const writes = [
      api("POST", `/api/v1/db/data/noco/${s.projectId}/Deals`, { headers, body: { Name: "Nope" } }),
      api("POST", `/api/v2/tables/${s.tableId}/records`, { headers, body: [{ Name: "Nope" }] }),
      api("POST", `${M}/projects/${s.projectId}/tables`, { headers, body: { table_name: "Nope" } }),
      api("POST", `${M}/projects`, { headers, body: { title: "Nope" } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/^This API token is read-only/);
    }
    const count = await api("GET", `/api/v1/db/data/noco/${s.projectId}/Deals/count`, { token: s.owner.token });
    expect(count.body.count).toBe(1);
  });

  it("a records token writes records and comments but no table, field, view filter or member", async () => {
    const headers = { "xc-token": (await makeToken(s.owner, { scope: "records" })).token };
    const row = await api("POST", `/api/v2/tables/${s.tableId}/records`, { headers, body: [{ Name: "Initech" }] });
    expect(row.status).toBe(200);
    const id = row.body[0].Id;
    expect(
      (await api("PATCH", `/api/v1/db/data/noco/${s.projectId}/Deals/${id}`, { headers, body: { Name: "Initrode" } }))
        .body.Name,
    ).toBe("Initrode");
    const comment = await api("POST", `${M}/audits/comments`, {
      headers,
      body: { fk_model_id: s.tableId, row_id: String(id), description: "called them" },
    });
    expect(comment.status).toBe(200);
    expect((await api("DELETE", `/api/v1/db/data/noco/${s.projectId}/Deals/${id}`, { headers })).status).toBe(200);
    const views = await api("GET", `${M}/tables/${s.tableId}/views`, { headers });
    const refused = [
      api("POST", `${M}/projects/${s.projectId}/tables`, { headers, body: { table_name: "Nope" } }),
      api("POST", `${M}/tables/${s.tableId}/columns`, { headers, body: { title: "Nope", uidt: "SingleLineText" } }),
      api("POST", `${M}/views/${views.body.list[0].id}/sorts`, { headers, body: {} }),
      api("POST", `${M}/projects/${s.projectId}/users`, { headers, body: { email: "x@example.com", roles: "viewer" } }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/^This API token is limited to reading and writing records/);
    }
  });

  it("a token limited to a project is refused elsewhere (403) and lists only its projects", async () => {
    const headers = { "xc-token": (await makeToken(s.owner, { project_ids: [s.projectId] })).token };
    expect((await api("GET", `${M}/projects/${s.projectId}/tables`, { headers })).status).toBe(200);
    for (const path of [`${M}/projects/${s.otherId}/tables`, `${M}/projects/p_doesnotexist00/tables`]) {
      const res = await api("GET", path, { headers });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe("This API token is not allowed for this project");
    }
    const listed = await api("GET", `${M}/projects`, { headers });
    expect(listed.body.list.map((p: { id: string }) => p.id)).toEqual([s.projectId]);
    const v2 = await api("GET", "/api/v2/meta/bases", { headers });
    expect(v2.body.list.map((p: { id: string }) => p.id)).toEqual([s.projectId]);
    const create = await api("POST", `${M}/projects`, { headers, body: { title: "Elsewhere" } });
    expect(create.status).toBe(403);
  });

  it("an expired token is 401 saying it expired, on the API and MCP", async () => {
    const made = await makeToken(s.owner, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    const headers = { "xc-token": made.token };
    expect((await api("GET", `${M}/projects/${s.projectId}/tables`, { headers })).status).toBe(200);
    await env.META.prepare("UPDATE api_tokens SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), made.id)
      .run();
    for (const path of [`${M}/projects/${s.projectId}/tables`, `${M}/projects`, "/api/v1/auth/user/me"]) {
      const res = await api("GET", path, { headers });
      expect(res.status, path).toBe(401);
      expect(res.body.msg, path).toMatch(/^This API token expired at /);
    }
    const mcp = await api("POST", "/mcp", { headers: { Authorization: `Bearer ${made.token}` }, body: {} });
    expect(mcp.status).toBe(401);
    expect(mcp.body.msg).toMatch(/^This API token expired at /);
  });

  it("MCP: a read token's write tools are tool errors; a limited token sees only its projects", async () => {
    const read = await mcpConnect((await makeToken(s.owner, { scope: "read" })).token);
    expect((await call(read, "count_records", { table: "Deals", project: s.projectId })).isError).toBe(false);
    const write = await call(read, "create_records", {
      table: "Deals",
      project: s.projectId,
      records: [{ Name: "X" }],
    });
    expect(write.isError).toBe(true);
    expect(write.text).toMatch(/^This API token is read-only/);
    await read.close();
    const limited = await mcpConnect((await makeToken(s.owner, { project_ids: [s.otherId] })).token);
    const projects = await call(limited, "list_tables");
    expect(JSON.stringify(projects.body)).not.toContain(s.projectId);
    const elsewhere = await call(limited, "count_records", { table: "Deals", project: s.projectId });
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.text).toBe("This API token is not allowed for this project");
    await limited.close();
  });

  it("the realtime socket refuses API tokens of any scope", async () => {
    const token = (await makeToken(s.owner, { scope: "read", project_ids: [s.projectId] })).token;
    const res = await socketConnect(s.projectId, "", undefined, { "xc-token": token });
    expect(res.status).toBe(401);
    expect((res as { body?: { msg: string } }).body?.msg).toBe("API tokens cannot open the realtime socket: sign in");
  });
});
