import { describe, expect, it } from "vitest";
import { call, GOOD_PASSWORD, signUp } from "./auth-support";
import { api, seedProject, seedUser, workerFetch } from "./support";

/**
 * The security log (issue 41): what happened to accounts and access, for the super admin only,
 * filtered and exported as CSV, never holding a secret.
 */
async function eventsOf(rootToken: string, email: string, kind?: string) {
  const q = new URLSearchParams({ email, ...(kind ? { kind } : {}) });
  const res = await api("GET", `/api/v1/security-log?${q.toString()}`, { token: rootToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list as Array<{ kind: string; email: string; detail: Record<string, unknown> | null }>;
}

describe("the security log", () => {
  it("records sign-ins, failures and password changes, newest first, without secrets", async () => {
    const root = await seedUser("org-level-creator,super");
    const s = await signUp();
    await call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: "Wrong-Passphrase-1" } });
    const ok = await call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: s.password } });
    await call("POST", "/api/v1/auth/password/change", {
      token: String(ok.body.token),
      body: { currentPassword: s.password, newPassword: "Another-Passphrase-9" },
    });
    const kinds = (await eventsOf(root.token, s.email)).map((e) => e.kind);
    expect(kinds).toEqual(["password.changed", "signin.success", "signin.failure"]);
    const failure = (await eventsOf(root.token, s.email, "signin.failure"))[0]!;
    expect(failure.detail).toEqual({ method: "password" });
    const text = JSON.stringify(await eventsOf(root.token, s.email));
    for (const secret of [s.password, "Wrong-Passphrase-1", "Another-Passphrase-9", String(ok.body.token)]) {
      expect(text).not.toContain(secret);
    }
  });

  it("records API tokens made, first used (once) and deleted, and the token list shows their use", async () => {
    const root = await seedUser("org-level-creator,super");
    const s = await signUp();
    const made = await call("POST", "/api/v1/tokens", { token: s.token, body: { description: "nightly script" } });
    expect(made.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await workerFetch(
        new Request("http://localhost/api/v1/auth/user/me", { headers: { "xc-token": String(made.body.token) } }),
      );
      expect(res.status).toBe(200);
    }
    const listed = await call("GET", "/api/v1/tokens", { token: s.token });
    const mine = (listed.body.list as Array<Record<string, unknown>>)[0]!;
    expect(mine.first_used_at).toEqual(expect.any(String));
    expect(mine.last_used_at).toEqual(expect.any(String));
    await call("DELETE", `/api/v1/tokens/${String(made.body.id)}`, { token: s.token });
    const kinds = (await eventsOf(root.token, s.email)).map((e) => e.kind);
    expect(kinds.filter((k) => k.startsWith("token."))).toEqual(["token.deleted", "token.first_use", "token.created"]);
    expect(JSON.stringify(await eventsOf(root.token, s.email))).not.toContain(String(made.body.token));
  });

  it("records org role changes, project role changes and share links made", async () => {
    const root = await seedUser("org-level-creator,super");
    const member = await seedUser("org-level-creator");
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([
      [owner, "owner"],
      [member, "editor"],
    ]);
    expect(
      (await api("PATCH", `/api/v1/users/${member.id}`, { token: root.token, body: { roles: "org-level-viewer" } }))
        .status,
    ).toBe(200);
    const roleChange = await api("PATCH", `/api/v1/db/meta/projects/${projectId}/users/${member.id}`, {
      token: owner.token,
      body: { roles: "viewer", email: member.email },
    });
    expect(roleChange.status, JSON.stringify(roleChange.body)).toBe(200);
    const shared = await api("POST", `/api/v1/db/meta/projects/${projectId}/shared`, {
      token: owner.token,
      body: { roles: "viewer" },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const events = await eventsOf(root.token, member.email);
    expect(events.map((e) => e.kind)).toEqual(["member.changed", "role.changed"]);
    expect(events[0]!.detail).toMatchObject({ project_id: projectId, from: "editor", to: "viewer", by: owner.email });
    expect(events[1]!.detail).toEqual({ from: "org-level-creator", to: "org-level-viewer" });
    const share = await eventsOf(root.token, owner.email, "share.created");
    expect(share[0]!.detail).toEqual({ project_id: projectId, shared_base: true, role: "viewer" });
  });

  it("is the super admin's only, refuses an unknown kind, and exports CSV", async () => {
    const root = await seedUser("org-level-creator,super");
    const someone = await seedUser("org-level-creator");
    expect((await api("GET", "/api/v1/security-log", { token: someone.token })).status).toBe(403);
    expect((await api("GET", "/api/v1/security-log")).status).toBe(401);
    const bad = await api("GET", "/api/v1/security-log?kind=nope", { token: root.token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^kind: use one of signin.success/);
    const s = await signUp();
    await call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: GOOD_PASSWORD } });
    const csv = await api("GET", `/api/v1/security-log/csv?email=${encodeURIComponent(s.email)}`, {
      token: root.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe("at,kind,email,user_id,address,user_agent,detail");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`signin.success,${s.email}`);
  });
});
