import { describe, expect, it } from "vitest";
import { totpAt } from "../../db/auth/totp";
import { call, claimsOf, probeSignedIn, signUp, signUpOwner, type Session } from "./auth-support";
import { api, seedUser, workerFetch } from "./support";

/**
 * Two-factor sign-in (issue 41): set-up with a typed code, sign-in through a ticket, a code used
 * once, recovery codes used once, wrong codes limited like sign-in failures, sessions ended on a
 * change. Codes are computed here from the secret the set-up answers, as an authenticator app does.
 */
const STEP = 30_000;
const codeAt = (secret: string, offsetSteps = 0) => totpAt(secret, Date.now() + offsetSteps * STEP);

async function setUp(s: Session): Promise<{ secret: string; recovery: string[]; token: string }> {
  const setup = await call("POST", "/api/v1/auth/2fa/setup", { token: s.token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = String(setup.body.secret);
  const enabled = await call("POST", "/api/v1/auth/2fa/enable", {
    token: s.token,
    body: { code: await codeAt(secret) },
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, recovery: enabled.body.recovery_codes as string[], token: String(enabled.body.token) };
}

const signin = (s: Session, cookie?: string) =>
  call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: s.password }, cookie });
const verify = (ticket: unknown, code: string, cookie?: string) =>
  call("POST", "/api/v1/auth/2fa/verify", { body: { ticket, code }, cookie });

describe("two-factor sign-in", () => {
  it("sets up with an RFC 6238 secret and a typed code, then asks sign-in for a code", async () => {
    const s = await signUp();
    const setup = await call("POST", "/api/v1/auth/2fa/setup", { token: s.token });
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(String(setup.body.otpauth_url));
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(setup.body.secret);
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    // Not on until a code proves the app holds the secret: sign-in still answers a token.
    expect((await call("GET", "/api/v1/auth/2fa", { token: s.token })).body).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      required: false,
    });
    expect(typeof (await signin(s)).body.token).toBe("string");

    const wrong = await call("POST", "/api/v1/auth/2fa/enable", { token: s.token, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/Wrong code/);
    const code = await codeAt(String(setup.body.secret));
    const on = await call("POST", "/api/v1/auth/2fa/enable", { token: s.token, body: { code } });
    expect(on.status).toBe(200);
    const codes = on.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call("GET", "/api/v1/auth/2fa", { token: String(on.body.token) })).body).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      required: false,
    });

    const first = await signin(s);
    expect(first.status).toBe(200);
    expect(first.body["2fa_required"]).toBe(true);
    expect(first.body.token).toBeUndefined();
    expect(first.cookies.refresh_token).toBeUndefined();
    expect(typeof first.body.ticket).toBe("string");
  });

  it("turns a ticket and a code into a session; the same code never works twice", async () => {
    const s = await signUp();
    const { secret } = await setUp(s);
    const { ticket } = (await signin(s)).body;
    // The set-up used this step's code: the next step's (within the drift window) signs in.
    const code = await codeAt(secret, 1);
    const ok = await verify(ticket, code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(claimsOf(String(ok.body.token))).toMatchObject({ email: s.email });
    expect(ok.cookies.refresh_token).toMatch(/^[0-9a-f]{80}$/);
    const again = await verify((await signin(s)).body.ticket, code);
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/Wrong code/);
    // A code of a step already past is refused too.
    expect((await verify((await signin(s)).body.ticket, await codeAt(secret, 0))).status).toBe(400);
  });

  it("refuses a forged, altered or void ticket with 401", async () => {
    const s = await signUp();
    const { secret } = await setUp(s);
    const { ticket } = (await signin(s)).body;
    const code = await codeAt(secret, 1);
    expect((await verify("not-a-ticket", code)).status).toBe(401);
    expect((await verify(`${String(ticket)}x`, code)).status).toBe(401);
    // A session token is not a ticket.
    expect((await verify(s.token, code)).status).toBe(401);
    expect((await verify(undefined, code)).body).toEqual({ msg: "ticket: Required" });
    // Turning 2FA off and on again (new token_version) voids tickets given before.
    const other = await signUp();
    const set = await setUp(other);
    const oldTicket = (await signin(other)).body.ticket;
    const off = await call("POST", "/api/v1/auth/2fa/disable", { token: set.token, body: { code: set.recovery[0] } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const gone = await verify(oldTicket, await codeAt(set.secret, 1));
    expect(gone.status).toBe(401);
    expect(gone.body.msg).toMatch(/expired/);
  });

  it("accepts each recovery code once, typed in any case and spacing", async () => {
    const s = await signUp();
    const { recovery, token } = await setUp(s);
    const typed = ` ${recovery[3]!.toUpperCase().replace("-", " ")} `;
    const ok = await verify((await signin(s)).body.ticket, typed);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await verify((await signin(s)).body.ticket, recovery[3]!)).status).toBe(400);
    expect((await call("GET", "/api/v1/auth/2fa", { token })).body).toMatchObject({ recovery_codes_left: 9 });
  });

  it("limits wrong codes per user like sign-in, without locking out the owner's browser", async () => {
    const { s, ownerCookie } = await signUpOwner();
    const { secret } = await setUp(s);
    // The owner's browser holds the mark its full sign-up gave it; a stranger who knows the
    // password has none, and a password alone gives none (else each ticket would be a fresh count).
    const owner = await signin(s, ownerCookie);
    expect(owner.cookies.gb_signin_browser).toBeUndefined();
    const stranger = (await signin(s)).body.ticket;
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await verify(stranger, "111111")).status;
    expect(last).toBe(429);
    // Even the right code is refused to the stranger for the rest of the minute...
    expect((await verify(stranger, await codeAt(secret, 1))).status).toBe(429);
    // ...while the owner's browser (its own count) still signs in.
    const mine = await verify(owner.body.ticket, await codeAt(secret, 1), ownerCookie);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  });

  it("ends every other session when turned on or off, and keeps the asking tab signed in", async () => {
    const s = await signUp();
    const otherTab = (await signin(s)).body.token as string;
    const { secret, token } = await setUp(s);
    expect(await probeSignedIn(otherTab)).toBe(401);
    expect(await probeSignedIn(s.token)).toBe(401);
    expect(await probeSignedIn(token)).toBe(400);
    const wrong = await call("POST", "/api/v1/auth/2fa/disable", { token, body: { code: "123456" } });
    expect(wrong.status).toBe(400);
    const off = await call("POST", "/api/v1/auth/2fa/disable", { token, body: { code: await codeAt(secret, 1) } });
    expect(off.status).toBe(200);
    expect(await probeSignedIn(token)).toBe(401);
    expect(await probeSignedIn(String(off.body.token))).toBe(400);
    expect(typeof (await signin(s)).body.token).toBe("string");
  });

  it("refuses a second set-up while on, calls without a session, and API tokens", async () => {
    const s = await signUp();
    const { token } = await setUp(s);
    const again = await call("POST", "/api/v1/auth/2fa/setup", { token });
    expect(again.status).toBe(400);
    expect(again.body.msg).toMatch(/already on/);
    expect((await call("POST", "/api/v1/auth/2fa/setup")).status).toBe(401);
    expect((await call("POST", "/api/v1/auth/2fa/enable", { body: { code: "123456" } })).status).toBe(401);
    const made = await call("POST", "/api/v1/tokens", { token, body: { description: "script" } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const byToken = await workerFetch(
      new Request("http://localhost/api/v1/auth/2fa/setup", {
        method: "POST",
        headers: { "xc-token": String(made.body.token) },
      }),
    );
    expect(byToken.status).toBe(403);
  });

  it("can be required of everyone by the super admin, and reset by them for a user who lost the phone", async () => {
    const root = await seedUser("org-level-creator,super");
    const s = await signUp();
    const { token } = await setUp(s);
    const other = await signUp();
    try {
      const on = await api("POST", "/api/v1/app-settings", { token: root.token, body: { require_two_factor: true } });
      expect(on.status).toBe(200);
      expect((await call("GET", "/api/v1/auth/2fa", { token: other.token })).body).toEqual({
        enabled: false,
        recovery_codes_left: 0,
        required: true,
      });
      // Only the super admin resets, and only a known user.
      const listed = await api("GET", `/api/v1/users?query=${encodeURIComponent(s.email)}`, { token: root.token });
      expect(listed.body.list[0]).toMatchObject({ email: s.email, two_factor: true });
      expect((await api("DELETE", `/api/v1/users/${claimsOf(token).id}/2fa`, { token: other.token })).status).toBe(403);
      const reset = await api("DELETE", `/api/v1/users/${claimsOf(token).id}/2fa`, { token: root.token });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(await probeSignedIn(token)).toBe(401);
      const again = await signin(s);
      expect(typeof again.body.token).toBe("string");
      expect((await call("GET", "/api/v1/auth/2fa", { token: String(again.body.token) })).body).toMatchObject({
        enabled: false,
        required: true,
      });
    } finally {
      await api("POST", "/api/v1/app-settings", { token: root.token, body: { require_two_factor: false } });
    }
  });
});
