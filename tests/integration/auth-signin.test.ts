import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../functions/app";
import { call, claimsOf, GOOD_PASSWORD, probeSignedIn, signIn, signUp, uniqueEmail, uniqueIp } from "./auth-support";

/** functions/lib/jwt.ts signs with this in local mode (the tests run with MODE=local). */
const DEV_SECRET = new TextEncoder().encode("local-development-secret-not-for-production-use");

const signin = (body: unknown, ip?: string) => call("POST", "/api/v1/auth/user/signin", { body, ip });

describe("sign-in", () => {
  it("answers {token} and a refresh cookie for the right password, with any e-mail case", async () => {
    const s = await signUp();
    const res = await signin({ email: ` ${s.email.toUpperCase()} `, password: s.password });
    expect(res.status).toBe(200);
    expect(claimsOf(String(res.body.token))).toMatchObject({ email: s.email, roles: "org-level-creator,super" });
    expect(res.cookies.refresh_token).toMatch(/^[0-9a-f]{80}$/);
    expect(res.cookies.refresh_token).not.toBe(s.refresh);
  });

  it("answers the same 400 for a wrong password and an unknown e-mail", async () => {
    const s = await signUp();
    const wrong = await signin({ email: s.email, password: "Wrong-Passphrase-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ msg: "Invalid credentials" });
    expect(wrong.cookies.refresh_token).toBeUndefined();
    const unknown = await signin({ email: uniqueEmail("nobody"), password: GOOD_PASSWORD });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ msg: "Invalid credentials" });
  });

  it("refuses an account without a password (invited, not completed)", async () => {
    const email = uniqueEmail("pending");
    const now = new Date().toISOString();
    await env.META.prepare(
      "INSERT INTO users (id, email, roles, token_version, created_at, updated_at) VALUES ('us_pending0000001', ?, 'org-level-viewer', 'v', ?, ?)",
    )
      .bind(email, now, now)
      .run();
    const res = await signin({ email, password: GOOD_PASSWORD });
    expect(res.body).toEqual({ msg: "Invalid credentials" });
  });

  it("names the missing or wrong field with a 400", async () => {
    expect((await signin({ email: uniqueEmail() })).body).toEqual({ msg: "password: Required" });
    expect((await signin({ password: GOOD_PASSWORD })).body).toEqual({ msg: "email: Required" });
    const typed = await signin({ email: uniqueEmail(), password: 12345678 });
    expect(typed.status).toBe(400);
    expect(typed.body).toEqual({ msg: "password: Must be text" });
    expect((await call("POST", "/api/v1/auth/user/signin", { body: "{nope" })).status).toBe(400);
  });

  it("is served under the legacy prefixes too", async () => {
    const s = await signUp();
    for (const prefix of ["/auth", "/api/v1/db/auth"]) {
      const res = await call("POST", `${prefix}/user/signin`, { body: { email: s.email, password: s.password } });
      expect(res.status).toBe(200);
      expect(typeof res.body.token).toBe("string");
    }
  });
});

describe("me", () => {
  it("answers guest roles to an anonymous caller", async () => {
    const res = await call("GET", "/api/v1/auth/user/me");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ roles: { guest: true } });
  });

  it("describes the signed-in user without secrets, with or without project_id", async () => {
    const s = await signUp(uniqueEmail(), GOOD_PASSWORD, { firstname: "Grace", lastname: "Hopper" });
    const stranger = await call("GET", "/api/v1/auth/user/me?project_id=p_abc", { token: s.token });
    expect(stranger.body.roles).toEqual({ user: true }); // not a member: no access (SPEC 4)
    for (const path of ["/api/v1/auth/user/me", "/auth/user/me"]) {
      const res = await call("GET", path, { token: s.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        email: s.email,
        firstname: "Grace",
        lastname: "Hopper",
        email_verified: false,
        provider: null,
        roles: { "org-level-creator": true },
        isAuthorized: true,
      });
      expect(Object.keys(res.body).sort()).toEqual([
        "email",
        "email_verified",
        "firstname",
        "id",
        "isAuthorized",
        "lastname",
        "provider",
        "roles",
        "token_version",
      ]);
    }
  });

  it("treats a tampered token as anonymous", async () => {
    const s = await signUp();
    const [h, p, sig] = s.token.split(".");
    const forged = JSON.parse(atob(p!.replace(/-/g, "+").replace(/_/g, "/")));
    forged.roles = "org-level-creator,super";
    const body = btoa(JSON.stringify(forged)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const res = await call("GET", "/api/v1/auth/user/me", { token: `${h}.${body}.${sig}` });
    expect(res.body).toEqual({ roles: { guest: true } });
  });
});

describe("session tokens on a signed-in route", () => {
  it("accepts a valid token (the probe then fails on the password, not the session)", async () => {
    const s = await signUp();
    expect(await probeSignedIn(s.token)).toBe(400);
  });

  it("refuses an expired token with 401", async () => {
    const s = await signUp();
    const claims = claimsOf(s.token);
    const expired = await new SignJWT({ ...claims, exp: undefined, iat: undefined })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(DEV_SECRET);
    const res = await call("POST", "/api/v1/auth/password/change", {
      token: expired,
      body: { currentPassword: s.password, newPassword: "Another-Passphrase-7" },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: "Unauthorized access" });
  });

  it("refuses a tampered token, one signed with another secret, and garbage, with 401", async () => {
    const s = await signUp();
    const flipped = s.token.slice(0, -2) + (s.token.endsWith("AA") ? "BB" : "AA");
    const otherKey = await new SignJWT({ ...claimsOf(s.token) })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("some-other-secret"));
    for (const token of [flipped, otherKey, "not.a.jwt"]) expect(await probeSignedIn(token)).toBe(401);
    expect((await call("POST", "/api/v1/auth/password/change", { body: {} })).status).toBe(401);
  });
});

describe("rate limits", () => {
  /** The Worker as deployed (not local mode): the platform sets CF-Connecting-IP there. */
  const deployed = { ...env, MODE: "", JWT_SECRET: "y".repeat(32) };
  const atEdge = (method: string, path: string, body: unknown, ip: string) =>
    call(method, path, { body, ip, fetcher: (req) => Promise.resolve(app.fetch(req, deployed)) });

  it("refuses an address after 10 failed sign-ins a minute, across e-mails; another address is not affected", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await atEdge("POST", "/api/v1/auth/user/signin", { email: uniqueEmail(), password: GOOD_PASSWORD }, ip))
          .status,
      ).toBe(400);
    }
    const res = await atEdge("POST", "/api/v1/auth/user/signin", { email: uniqueEmail(), password: GOOD_PASSWORD }, ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ msg: "Too many attempts, please try again in a minute" });
    expect(
      (await atEdge("POST", "/api/v1/auth/user/signin", { email: uniqueEmail(), password: GOOD_PASSWORD }, uniqueIp()))
        .status,
    ).toBe(400);
  });

  it("does not lock the owner out: 10 wrong guesses from elsewhere leave the owner's address free", async () => {
    const email = uniqueEmail("owner");
    const mine = uniqueIp();
    expect((await atEdge("POST", "/api/v1/auth/user/signup", { email, password: GOOD_PASSWORD }, mine)).status).toBe(
      200,
    );
    const attacker = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await atEdge("POST", "/api/v1/auth/user/signin", { email, password: "Wrong-Passphrase-1" }, attacker)).status,
      ).toBe(400);
    }
    expect(
      (await atEdge("POST", "/api/v1/auth/user/signin", { email, password: GOOD_PASSWORD }, attacker)).status,
    ).toBe(429);
    expect((await atEdge("POST", "/api/v1/auth/user/signin", { email, password: GOOD_PASSWORD }, mine)).status).toBe(
      200,
    );
  });

  it("never counts successful sign-ins: the 15th good sign-in in a minute still works", async () => {
    const s = await signUp();
    const ip = uniqueIp();
    for (let i = 0; i < 15; i++) expect((await signin({ email: s.email, password: s.password }, ip)).status).toBe(200);
  });

  it("locks an e-mail after 10 failures (locally: one address for every caller), and a new window frees it", async () => {
    const s = await signUp();
    // Local mode cannot tell addresses apart: a client-sent CF-Connecting-IP is not believed.
    for (let i = 0; i < 10; i++) {
      expect((await signin({ email: s.email, password: "Wrong-Passphrase-1" }, `10.77.0.${i}`)).status).toBe(400);
    }
    expect((await signin({ email: s.email, password: s.password }, "10.77.1.1")).status).toBe(429);
    const spoofed = await env.META.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE '%10.77.%'").first<{
      n: number;
    }>();
    expect(spoofed?.n).toBe(0);
    await env.META.prepare("UPDATE rate_limits SET window_start = window_start - 60000 WHERE key = ?")
      .bind(`signin:fail:${s.email}|local`)
      .run();
    expect((await signIn(s.email, s.password)).token).toBeTruthy();
  });

  it("locally, keeps a browser that signed in as the e-mail out of others' lock (its own failures still lock it)", async () => {
    const email = uniqueEmail("owner");
    const first = await call("POST", "/api/v1/auth/user/signup", { body: { email, password: GOOD_PASSWORD } });
    const mark = first.cookies.gb_signin_browser!;
    expect(mark).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(first.setCookie.find((l) => l.startsWith("gb_signin_browser="))).toMatch(/HttpOnly/);
    const cookie = `gb_signin_browser=${mark}`;
    // Someone else (no mark, or a mark made up or given for another e-mail) guesses ten times.
    const other = (await signUp()).email;
    const otherMark = (
      await call("POST", "/api/v1/auth/user/signin", { body: { email: other, password: GOOD_PASSWORD } })
    ).cookies.gb_signin_browser!;
    for (const c of [undefined, "gb_signin_browser=made.up", `gb_signin_browser=${otherMark}`]) {
      for (let i = 0; i < 4; i++)
        await call("POST", "/api/v1/auth/user/signin", { body: { email, password: "Wrong-Passphrase-1" }, cookie: c });
    }
    expect((await signin({ email, password: GOOD_PASSWORD })).status).toBe(429);
    const owner = await call("POST", "/api/v1/auth/user/signin", { body: { email, password: GOOD_PASSWORD }, cookie });
    expect(owner.status).toBe(200);
    // The owner's browser has a limit of its own.
    for (let i = 0; i < 10; i++)
      await call("POST", "/api/v1/auth/user/signin", { body: { email, password: "Wrong-Passphrase-1" }, cookie });
    expect(
      (await call("POST", "/api/v1/auth/user/signin", { body: { email, password: GOOD_PASSWORD }, cookie })).status,
    ).toBe(429);
  });

  it("limits sign-ups per address", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await atEdge("POST", "/api/v1/auth/user/signup", { email: uniqueEmail("many"), password: GOOD_PASSWORD }, ip))
          .status,
      ).toBe(200);
    }
    const res = await atEdge(
      "POST",
      "/api/v1/auth/user/signup",
      { email: uniqueEmail("many"), password: GOOD_PASSWORD },
      ip,
    );
    expect(res.status).toBe(429);
    expect(
      (
        await atEdge(
          "POST",
          "/api/v1/auth/user/signup",
          { email: uniqueEmail("other"), password: GOOD_PASSWORD },
          uniqueIp(),
        )
      ).status,
    ).toBe(200);
  });

  it("limits wrong current passwords on password change per user", async () => {
    const s = await signUp();
    for (let i = 0; i < 10; i++) expect(await probeSignedIn(s.token)).toBe(400);
    const res = await call("POST", "/api/v1/auth/password/change", {
      token: s.token,
      body: { currentPassword: s.password, newPassword: "Another-Passphrase-7" },
    });
    expect(res.status).toBe(429);
    // Another user is not affected.
    const other = await signUp();
    const ok = await call("POST", "/api/v1/auth/password/change", {
      token: other.token,
      body: { currentPassword: other.password, newPassword: "Another-Passphrase-7" },
    });
    expect(ok.status).toBe(200);
  });

  it("limits forgot-password per e-mail too", async () => {
    const quiet = vi.spyOn(console, "log").mockImplementation(() => {}); // local mode prints mail links
    const s = await signUp();
    for (let i = 0; i < 10; i++) {
      expect((await call("POST", "/api/v1/auth/password/forgot", { body: { email: s.email } })).status).toBe(200);
    }
    const res = await call("POST", "/api/v1/auth/password/forgot", { body: { email: s.email } });
    expect(res.status).toBe(429);
    quiet.mockRestore();
  });
});
