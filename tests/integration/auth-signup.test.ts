import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { app } from "../../functions/app";
import { call, claimsOf, GOOD_PASSWORD, signUp, uniqueEmail } from "./auth-support";

const signup = (body: unknown) => call("POST", "/api/v1/auth/user/signup", { body });

// Tests in a file share one D1 and run in order: the first sign-up here is the instance's first.
describe("sign-up", () => {
  it("makes the first user super admin and answers {token} with a refresh cookie", async () => {
    const res = await signup({ email: "  First.Admin@Example.COM ", password: GOOD_PASSWORD, firstname: "Ada" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["token"]);
    const claims = claimsOf(String(res.body.token));
    expect(claims).toMatchObject({
      email: "first.admin@example.com",
      firstname: "Ada",
      lastname: null,
      roles: "org-level-creator,super",
    });
    expect(String(claims.id)).toMatch(/^us_[0-9a-z]{14}$/);
    expect(typeof claims.token_version).toBe("string");
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

    expect(res.cookies.refresh_token).toMatch(/^[0-9a-f]{80}$/);
    const line = res.setCookie.find((l) => l.startsWith("refresh_token="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(line)![1]!);
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);

    // Only the refresh token's digest is stored.
    const stored = await env.META.prepare("SELECT token_hash FROM refresh_tokens WHERE user_id = ?")
      .bind(claims.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(res.cookies.refresh_token);
  });

  it("stores the password as a PBKDF2 hash, never in clear", async () => {
    const row = await env.META.prepare(
      "SELECT password_hash FROM users WHERE email = 'first.admin@example.com'",
    ).first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row?.password_hash).not.toContain(GOOD_PASSWORD);
  });

  it("gives later users org-level-creator only", async () => {
    const s = await signUp();
    expect(claimsOf(s.token).roles).toBe("org-level-creator");
    const me = await call("GET", "/api/v1/auth/user/me", { token: s.token });
    expect(me.body.roles).toEqual({ "org-level-creator": true });
  });

  it("sets a Secure cookie when the request came over https", async () => {
    const res = await call("POST", "/api/v1/auth/user/signup", {
      origin: "https://localhost",
      body: { email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.setCookie.find((l) => l.startsWith("refresh_token="))).toMatch(/; Secure/);
  });

  it("answers a known e-mail, whatever its case, as forgot-password does and mails its holder; no session, nothing changed", async () => {
    const s = await signUp();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const res = await signup({ email: s.email.toUpperCase(), password: "Another-Passphrase-7", firstname: "Eve" });
    log.mockRestore();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: "Please check your email to continue" });
    expect(res.cookies.refresh_token).toBeUndefined();
    const mail = await env.META.prepare("SELECT subject, body, link FROM outbox WHERE to_email = ?")
      .bind(s.email)
      .all<{ subject: string; body: string; link: string | null }>();
    expect(mail.results).toEqual([
      { subject: "You already have an account", body: expect.stringMatching(/already has one/), link: null },
    ]);
    // The account keeps its password.
    const signin = await call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: s.password } });
    expect(signin.status).toBe(200);
  });

  it("refuses weak passwords with a `Password : ` message", async () => {
    const short = await signup({ email: uniqueEmail(), password: "short" });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ msg: "Password : At least 8 letters. " });
    for (const password of ["password123", "aaaaaaaaaaaa", "x1".repeat(65)]) {
      const res = await signup({ email: uniqueEmail(), password });
      expect(res.status).toBe(400);
      expect(String(res.body.msg)).toMatch(/^Password : /);
    }
  });

  it("answers 400 {msg} for malformed JSON, wrong types, missing and over-long fields", async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{"email": "a@b.co", ', /not valid JSON/],
      ["[1,2]", /JSON object/],
      [{ email: 42, password: GOOD_PASSWORD }, /^email: /],
      [{ email: uniqueEmail(), password: ["x"] }, /^password: /],
      [{ password: GOOD_PASSWORD }, /^email: Required/],
      [{ email: uniqueEmail() }, /^password: Required/],
      [{ email: `${"a".repeat(250)}@example.com`, password: GOOD_PASSWORD }, /^email: At most 254/],
      [{ email: "not-an-email", password: GOOD_PASSWORD }, /^email: Invalid email/],
      [{ email: uniqueEmail(), password: GOOD_PASSWORD, firstname: "n".repeat(256) }, /^firstname: /],
    ];
    for (const [body, msg] of cases) {
      const res = await signup(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(String(res.body.msg)).toMatch(msg);
    }
  });

  it("refuses self-sign-up when the app setting makes it invite-only", async () => {
    await env.META.prepare("INSERT INTO app_settings (key, value) VALUES ('invite_only_signup', 'true')").run();
    try {
      const res = await signup({ email: uniqueEmail(), password: GOOD_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: "Not allowed to signup, contact super admin." });
    } finally {
      await env.META.prepare("DELETE FROM app_settings WHERE key = 'invite_only_signup'").run();
    }
  });

  it("refuses self-sign-up when INVITE_ONLY_SIGNUP=true", async () => {
    const res = await call("POST", "/api/v1/auth/user/signup", {
      body: { email: uniqueEmail(), password: GOOD_PASSWORD },
      fetcher: (req) => Promise.resolve(app.fetch(req, { ...env, INVITE_ONLY_SIGNUP: "true" })),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: "Not allowed to signup, contact super admin." });
  });
});

describe("sign-up with an invite token", () => {
  async function invite(email: string, expiresAt: number): Promise<string> {
    const token = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.META.prepare(
      `INSERT INTO users (id, email, roles, token_version, invite_token, invite_expires_at, created_at, updated_at)
       VALUES (?, ?, 'org-level-viewer', 'v0', ?, ?, ?, ?)`,
    )
      .bind(`us_inv${Math.random().toString(36).slice(2, 12).padEnd(11, "0")}`, email, token, expiresAt, now, now)
      .run();
    return token;
  }

  it("completes the invited user, even when sign-up is invite-only", async () => {
    const email = uniqueEmail("invited");
    const token = await invite(email, Date.now() + 3600_000);
    await env.META.prepare("INSERT INTO app_settings (key, value) VALUES ('invite_only_signup', 'true')").run();
    try {
      const res = await signup({ email, password: GOOD_PASSWORD, token, lastname: "Lovelace", ignore_subscribe: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(claimsOf(String(res.body.token))).toMatchObject({
        email,
        roles: "org-level-viewer",
        lastname: "Lovelace",
      });
      const row = await env.META.prepare("SELECT invite_token, password_hash FROM users WHERE email = ?")
        .bind(email)
        .first();
      expect(row).toMatchObject({ invite_token: null });
      expect(String(row?.password_hash)).toMatch(/^pbkdf2-sha256\$/);
      // The invite is used up.
      const again = await signup({ email, password: GOOD_PASSWORD, token });
      expect(again.body).toEqual({ msg: "Invalid invite url" });
    } finally {
      await env.META.prepare("DELETE FROM app_settings WHERE key = 'invite_only_signup'").run();
    }
  });

  it("refuses an unknown token, a token of another e-mail and an expired one", async () => {
    const unknown = await signup({ email: uniqueEmail(), password: GOOD_PASSWORD, token: crypto.randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ msg: "Invalid invite url" });

    const token = await invite(uniqueEmail("invited"), Date.now() + 3600_000);
    const other = await signup({ email: uniqueEmail(), password: GOOD_PASSWORD, token });
    expect(other.body).toEqual({ msg: "Invalid invite url" });

    const email = uniqueEmail("late");
    const expired = await signup({ email, password: GOOD_PASSWORD, token: await invite(email, Date.now() - 1000) });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ msg: "Expired invite url, Please contact super admin to get a new invite url" });
  });
});
