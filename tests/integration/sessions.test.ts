import { describe, expect, it } from "vitest";
import { call, probeSignedIn, signIn, signUp, type Session } from "./auth-support";

/** Signed-in devices (issue 41): each sign-in is one, listed with where it was seen; one or all others end. */
const cookieOf = (s: Session) => `refresh_token=${s.refresh}`;
const list = (s: Session) => call("GET", "/api/v1/auth/sessions", { token: s.token, cookie: cookieOf(s) });
const refresh = (s: Session) => call("POST", "/api/v1/auth/token/refresh", { cookie: cookieOf(s) });

describe("signed-in devices", () => {
  it("lists each sign-in once, newest seen first, and marks the asking one", async () => {
    const phone = await signUp();
    const laptop = await signIn(phone.email, phone.password);
    const res = await list(laptop);
    expect(res.status).toBe(200);
    const sessions = res.body.list as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      current: true,
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
    });
    // A refresh is the same device (its family), not a new one.
    expect((await refresh(phone)).status).toBe(200);
    expect(((await list(laptop)).body.list as unknown[]).length).toBe(2);
  });

  it("signs one device out: its refresh fails and its JWT stops; the asking tab goes on with a new token", async () => {
    const phone = await signUp();
    const laptop = await signIn(phone.email, phone.password);
    const phoneId = ((await list(laptop)).body.list as Array<{ id: string; current: boolean }>).find(
      (s) => !s.current,
    )!.id;
    const out = await call("DELETE", `/api/v1/auth/sessions/${phoneId}`, {
      token: laptop.token,
      cookie: cookieOf(laptop),
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(await probeSignedIn(phone.token)).toBe(401);
    expect((await refresh(phone)).status).toBe(400);
    expect(await probeSignedIn(String(out.body.token))).toBe(400);
    // The laptop's own family still refreshes.
    expect((await refresh(laptop)).status).toBe(200);
    expect((await call("DELETE", `/api/v1/auth/sessions/${phoneId}`, { token: String(out.body.token) })).status).toBe(
      404,
    );
  });

  it("signs all other devices out, and never another user's", async () => {
    const a = await signUp();
    const b = await signIn(a.email, a.password);
    const c = await signIn(a.email, a.password);
    const stranger = await signUp();
    const strangerId = ((await list(stranger)).body.list as Array<{ id: string }>)[0]!.id;
    expect((await call("DELETE", `/api/v1/auth/sessions/${strangerId}`, { token: c.token })).status).toBe(404);
    const out = await call("POST", "/api/v1/auth/sessions/signout-others", { token: c.token, cookie: cookieOf(c) });
    expect(out.status).toBe(200);
    expect((await refresh(a)).status).toBe(400);
    expect((await refresh(b)).status).toBe(400);
    const left = (await call("GET", "/api/v1/auth/sessions", { token: String(out.body.token), cookie: cookieOf(c) }))
      .body.list as Array<{ current: boolean }>;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
    expect((await refresh(stranger)).status).toBe(200);
  });
});
