import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signUp } from "./auth-support";
import { api, seedProject, seedUser, type TestUser } from "./support";

/**
 * Data requests check access inside the project room, from a memo of its members (issue 14,
 * realtime/access-gate.ts). Whatever is memoised, a revocation holds on the very next request.
 */
const M = "/api/v1/db/meta";

async function setup(members: Array<[TestUser, "editor" | "viewer"]> = []) {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"], ...members]);
  const made = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: { table_name: "Notes", columns: [{ title: "Text", uidt: "SingleLineText" }] },
  });
  expect(made.status).toBe(200);
  return { owner, projectId, T: `/api/v1/db/data/noco/${projectId}/Notes` };
}

const fills = (projectId: string) =>
  (env.PROJECT.get(env.PROJECT.idFromName(projectId)) as unknown as { accessFills(): Promise<{ data: number }> })
    .accessFills()
    .then((r) => r.data);

const list = (token: string, T: string, headers: Record<string, string> = {}) =>
  api("GET", `${T}?limit=5`, { token, headers });

describe("data access in one hop", () => {
  it("reads membership from D1 once, then answers from the room's memo", async () => {
    const editor = await seedUser("org-level-creator");
    const { projectId, T } = await setup([[editor, "editor"]]);
    expect((await list(editor.token, T)).status).toBe(200);
    const after = await fills(projectId);
    for (let i = 0; i < 3; i++) expect((await list(editor.token, T)).status).toBe(200);
    expect((await api("POST", T, { token: editor.token, body: { Text: "hi" } })).status).toBe(200);
    expect(await fills(projectId)).toBe(after);
  });

  it("refuses a removed member on the next request", async () => {
    const editor = await seedUser("org-level-creator");
    const { owner, projectId, T } = await setup([[editor, "editor"]]);
    expect((await list(editor.token, T)).status).toBe(200);
    expect((await api("DELETE", `${M}/projects/${projectId}/users/${editor.id}`, { token: owner.token })).status).toBe(
      200,
    );
    const next = await list(editor.token, T);
    expect(next.status).toBe(403);
    expect(next.body.msg).toContain("Not allowed");
  });

  it("applies a lowered role on the next request", async () => {
    const editor = await seedUser("org-level-creator");
    const { owner, projectId, T } = await setup([[editor, "editor"]]);
    expect((await api("POST", T, { token: editor.token, body: { Text: "before" } })).status).toBe(200);
    const lowered = await api("PATCH", `${M}/projects/${projectId}/users/${editor.id}`, {
      token: owner.token,
      body: { roles: "viewer" },
    });
    expect(lowered.status).toBe(200);
    const write = await api("POST", T, { token: editor.token, body: { Text: "after" } });
    expect(write.status).toBe(403);
    expect(write.body.msg).toBe("dataInsert - org-level-creator,viewer : Not allowed");
    // Still a reader, and nothing was written.
    const rows = await list(editor.token, T);
    expect(rows.status).toBe(200);
    expect(rows.body.list.map((r: { Text: string }) => r.Text)).toEqual(["before"]);
  });

  it("refuses a signed-out session on the next request", async () => {
    const s = await signUp();
    const { owner, projectId, T } = await setup();
    expect(
      (
        await api("POST", `${M}/projects/${projectId}/users`, {
          token: owner.token,
          body: { email: s.email, roles: "editor" },
        })
      ).status,
    ).toBe(200);
    expect((await list(s.token, T)).status).toBe(200);
    expect((await api("POST", "/api/v1/auth/user/signout", { token: s.token })).status).toBe(200);
    expect((await list(s.token, T)).status).toBe(401);
  });

  it("refuses sessions from before a password change, and serves the new one", async () => {
    const s = await signUp();
    const { owner, projectId, T } = await setup();
    expect(
      (
        await api("POST", `${M}/projects/${projectId}/users`, {
          token: owner.token,
          body: { email: s.email, roles: "viewer" },
        })
      ).status,
    ).toBe(200);
    expect((await list(s.token, T)).status).toBe(200);
    const changed = await api("POST", "/api/v1/auth/password/change", {
      token: s.token,
      body: { currentPassword: s.password, newPassword: "Another-Passphrase-7" },
    });
    expect(changed.status).toBe(200);
    expect((await list(s.token, T)).status).toBe(401);
    expect((await list(changed.body.token, T)).status).toBe(200);
  });

  it("refuses everyone once the project is deleted", async () => {
    const editor = await seedUser("org-level-creator");
    const { owner, projectId, T } = await setup([[editor, "editor"]]);
    expect((await list(editor.token, T)).status).toBe(200);
    expect((await api("DELETE", `${M}/projects/${projectId}`, { token: owner.token })).status).toBe(200);
    expect((await list(editor.token, T)).status).toBe(404);
  });

  it("narrows an owner's preview, and refuses a forged or foreign token", async () => {
    const stranger = await seedUser("org-level-creator");
    const { owner, T } = await setup();
    const preview = await api("POST", T, {
      token: owner.token,
      body: { Text: "x" },
      headers: { "xc-preview": "viewer" },
    });
    expect(preview.status).toBe(403);
    expect((await list(stranger.token, T)).status).toBe(403);
    expect((await list(`${owner.token.slice(0, -4)}AAAA`, T)).status).toBe(401);
  });

  it("stops an API token on the next request once it is deleted", async () => {
    const { owner, T } = await setup();
    const token = (await api("POST", "/api/v1/tokens", { token: owner.token, body: {} })).body.token as string;
    expect((await api("GET", `${T}?limit=5`, { headers: { "xc-token": token } })).status).toBe(200);
    expect((await api("DELETE", `/api/v1/tokens/${token}`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `${T}?limit=5`, { headers: { "xc-token": token } })).status).toBe(401);
  });
});
