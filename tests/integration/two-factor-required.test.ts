import { describe, expect, it } from "vitest";
import { totpAt } from "../../db/auth/totp";
import { call, claimsOf, signUp, type Session } from "./auth-support";
import { api, seedProject, seedUser, workerFetch, type TestUser } from "./support";

/**
 * Two-factor sign-in required of one user or of everyone (issue 41): a session of a user who must
 * set it up but has not reaches only the set-up, its status, sign-out and "me"; every other route
 * (org, project, data, sockets) answers 403 saying why. API tokens are unaffected. Setting it up
 * answers a session that reaches everything again.
 */
const SETUP_FIRST = /Two-factor sign-in is required for your account/;

const signin = (s: Session) =>
  call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: s.password } });
const idOf = (s: Session) => String(claimsOf(s.token).id);
const requireOf = (root: TestUser, userId: string, required: unknown, token = root.token) =>
  api("PUT", `/api/v1/users/${userId}/2fa/required`, { token, body: { required } });

/** A socket upgrade to the project's room with this session token: its status (101 when opened). */
async function socketStatus(projectId: string, token: string): Promise<number> {
  const res = await workerFetch(
    new Request(`http://localhost/parties/project/${projectId}`, {
      headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `gridbase, auth.${token}` },
    }),
  );
  if (res.webSocket) {
    res.webSocket.accept();
    res.webSocket.close();
  }
  return res.status;
}

/** What a signed-in user reaches with this token: the status of each kind of route. */
async function reach(token: string, projectId: string) {
  return {
    projects: (await call("GET", "/api/v1/db/meta/projects", { token })).status,
    project: (await call("GET", `/api/v1/db/meta/projects/${projectId}/tables`, { token })).status,
    data: (await call("GET", `/api/v1/db/data/noco/${projectId}/Anything`, { token })).status,
    tokens: (await call("POST", "/api/v1/tokens", { token, body: { description: "x" } })).status,
    sessions: (await call("GET", "/api/v1/auth/sessions", { token })).status,
    socket: await socketStatus(projectId, token),
  };
}

describe("two-factor sign-in required", () => {
  it("is set per user by the super admin only, shown in the user list, and logged", async () => {
    const root = await seedUser("org-level-creator,super");
    const s = await signUp();
    const other = await signUp();
    expect((await requireOf(root, idOf(s), true, other.token)).status).toBe(403);
    const bad = await requireOf(root, idOf(s), "yes");
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/required must be true or false/);
    expect((await requireOf(root, "us_nobody", true)).status).toBe(404);

    const on = await requireOf(root, idOf(s), true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const listed = await api("GET", `/api/v1/users?query=${encodeURIComponent(s.email)}`, { token: root.token });
    expect(listed.body.list[0]).toMatchObject({ email: s.email, two_factor: false, two_factor_required: true });
    // Required of this user only: the other user's status does not change.
    const again = await signin(s);
    expect((await call("GET", "/api/v1/auth/2fa", { token: String(again.body.token) })).body).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: true,
    });
    expect((await call("GET", "/api/v1/auth/2fa", { token: other.token })).body).toMatchObject({ required: false });
    const log = await api("GET", `/api/v1/security-log?kind=two_factor.required&email=${encodeURIComponent(s.email)}`, {
      token: root.token,
    });
    expect(log.body.list[0]).toMatchObject({ kind: "two_factor.required" });

    expect((await requireOf(root, idOf(s), false)).status).toBe(200);
    const off = await api("GET", `/api/v1/users?query=${encodeURIComponent(s.email)}`, { token: root.token });
    expect(off.body.list[0]).toMatchObject({ two_factor_required: false });
    const free = await signin(s);
    expect(claimsOf(String(free.body.token)).two_factor_due).toBeUndefined();
  });

  it("refuses every route but the set-up to a session that skipped it; API tokens keep working", async () => {
    const root = await seedUser("org-level-creator,super");
    const s = await signUp();
    const user = { id: idOf(s), email: s.email, roles: "org-level-viewer", token: s.token };
    const projectId = await seedProject([[user, "owner"]]);
    // An API token made before the requirement: scripts are unaffected.
    const made = await call("POST", "/api/v1/tokens", { token: s.token, body: { description: "script" } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await reach(s.token, projectId)).toMatchObject({ projects: 200, project: 200, socket: 101 });

    expect((await requireOf(root, user.id, true)).status).toBe(200);
    const signedIn = await signin(s);
    expect(signedIn.status).toBe(200);
    const due = String(signedIn.body.token);
    expect(claimsOf(due).two_factor_due).toBe(true);

    expect(await reach(due, projectId)).toEqual({
      projects: 403,
      project: 403,
      data: 403,
      tokens: 403,
      sessions: 403,
      socket: 403,
    });
    const refused = await call("GET", "/api/v1/db/meta/projects", { token: due });
    expect(refused.body.msg).toMatch(SETUP_FIRST);
    expect((await call("GET", "/api/v1/auth/user/me", { token: due })).body).toMatchObject({ email: s.email });
    const byToken = await call("GET", "/api/v1/db/meta/projects", {
      fetcher: (req) => {
        req.headers.set("xc-token", String(made.body.token));
        return workerFetch(req);
      },
    });
    expect(byToken.status).toBe(200);

    // A token refreshed after the requirement carries it too.
    const refreshed = await call("POST", "/api/v1/auth/token/refresh", { cookie: `refresh_token=${s.refresh}` });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(claimsOf(String(refreshed.body.token)).two_factor_due).toBe(true);

    // The set-up is reachable, and its new session reaches everything again.
    const setup = await call("POST", "/api/v1/auth/2fa/setup", { token: due });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const secret = String(setup.body.secret);
    const enabled = await call("POST", "/api/v1/auth/2fa/enable", {
      token: due,
      body: { code: await totpAt(secret, Date.now()) },
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const token = String(enabled.body.token);
    expect(claimsOf(token).two_factor_due).toBeUndefined();
    expect(await reach(token, projectId)).toMatchObject({ projects: 200, project: 200, sessions: 200, socket: 101 });

    // Turning it off while required gives a session that must set it up again.
    const off = await call("POST", "/api/v1/auth/2fa/disable", {
      token,
      body: { code: await totpAt(secret, Date.now() + 30_000) },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await call("GET", "/api/v1/db/meta/projects", { token: String(off.body.token) })).status).toBe(403);
  });

  it("lets a session that must set it up sign out", async () => {
    const root = await seedUser("org-level-creator,super");
    const s = await signUp();
    await requireOf(root, idOf(s), true);
    const due = String((await signin(s)).body.token);
    const out = await call("POST", "/api/v1/auth/user/signout", { token: due });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await call("GET", "/api/v1/auth/2fa", { token: due })).status).toBe(401);
  });

  it("applies the instance's requirement of everyone to sessions made after it", async () => {
    const root = await seedUser("org-level-creator,super");
    const s = await signUp();
    try {
      expect(
        (await api("POST", "/api/v1/app-settings", { token: root.token, body: { require_two_factor: true } })).status,
      ).toBe(200);
      const due = String((await signin(s)).body.token);
      const refused = await call("GET", "/api/v1/db/meta/projects", { token: due });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toMatch(SETUP_FIRST);
      expect((await call("POST", "/api/v1/auth/2fa/setup", { token: due })).status).toBe(200);
    } finally {
      await api("POST", "/api/v1/app-settings", { token: root.token, body: { require_two_factor: false } });
    }
  });
});
