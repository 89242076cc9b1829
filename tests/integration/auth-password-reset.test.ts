import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../functions/app";
import { call, GOOD_PASSWORD, probeSignedIn, signIn, signUp, uniqueEmail } from "./auth-support";
import { seedUser } from "./support";

const forgot = (body: unknown) => call("POST", "/api/v1/auth/password/forgot", { body });

interface OutboxItem {
  id: number;
  to_email: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: number;
}

/** The local outbox as the super admin reads it (it holds reset links, so nobody else may). */
async function outbox(to: string): Promise<OutboxItem[]> {
  const admin = await seedUser("super");
  const res = await call("GET", `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.list as OutboxItem[];
}

/** Asks for a reset of `email` and returns the token from the mailed link. */
async function resetTokenFor(email: string): Promise<string> {
  const res = await forgot({ email });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [latest] = await outbox(email);
  const match = /\/auth\/password\/reset\/([0-9a-f-]{36})$/.exec(latest?.link ?? "");
  expect(match).not.toBeNull();
  return match![1]!;
}

let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  log = vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => log.mockRestore());

describe("forgot password", () => {
  it("mails a link to the outbox and, in local mode, prints it", async () => {
    const s = await signUp();
    const res = await forgot({ email: ` ${s.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: "Please check your email to reset the password" });
    const [mail, ...older] = await outbox(s.email);
    expect(older).toEqual([]);
    expect(mail).toMatchObject({ to_email: s.email, subject: "Reset your password" });
    expect(mail!.link).toMatch(/^http:\/\/localhost\/auth\/password\/reset\/[0-9a-f-]{36}$/);
    expect(mail!.body).toContain(mail!.link);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(mail!.link!));
    // Only the token's digest is stored.
    const row = await env.META.prepare("SELECT reset_token_hash, reset_expires_at FROM users WHERE email = ?")
      .bind(s.email)
      .first<{ reset_token_hash: string; reset_expires_at: number }>();
    expect(row!.reset_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail!.link).not.toContain(row!.reset_token_hash);
    expect(Math.abs(row!.reset_expires_at - (Date.now() + 3600_000))).toBeLessThan(60_000);
  });

  it("lists the outbox newest first", async () => {
    const s = await signUp();
    await forgot({ email: s.email });
    await forgot({ email: s.email });
    const list = await outbox(s.email);
    expect(list).toHaveLength(2);
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
  });

  it("refuses a missing e-mail, and answers an unknown one as a known one (no account discovery)", async () => {
    for (const body of [{}, { email: "" }, { email: "   " }]) {
      const res = await forgot(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: "Please enter your email address." });
    }
    const known = await forgot({ email: (await signUp()).email });
    const ghost = uniqueEmail("ghost");
    const unknown = await forgot({ email: ghost });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ msg: "Please check your email to reset the password" });
    expect(await outbox(ghost)).toEqual([]);
    expect((await forgot({ email: 7 })).body).toEqual({ msg: "email: Must be text" });
  });

  it("does the same database work for a known and an unknown address (their times differed by 10 ms)", async () => {
    const statements = async (email: string) => {
      const seen: string[] = [];
      const META = new Proxy(env.META, {
        get(target, key) {
          if (key === "prepare")
            return (sql: string) => {
              seen.push(sql.replace(/\s+/g, " ").slice(0, 30));
              return target.prepare(sql);
            };
          const value = Reflect.get(target, key) as unknown;
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      const res = await call("POST", "/api/v1/auth/password/forgot", {
        body: { email },
        fetcher: (req) => Promise.resolve(app.fetch(req, { ...env, META })),
      });
      expect(res.body).toEqual({ msg: "Please check your email to reset the password" });
      return seen;
    };
    const known = await statements((await signUp()).email);
    const unknown = await statements(uniqueEmail("ghost"));
    expect(unknown).toEqual(known);
    expect(known.some((s) => s.startsWith("INSERT INTO outbox"))).toBe(true);
  });

  it("sends through the HTTP e-mail provider when EMAIL_HTTP_URL is set", async () => {
    const s = await signUp();
    const mailApi = new URL("/mail/send", env.GOOGLE_AUTH_URL).toString();
    const mailEnv = {
      ...env,
      MODE: "",
      SITE_URL: "https://grid.example.com",
      JWT_SECRET: "x".repeat(32),
      EMAIL_HTTP_URL: mailApi,
      EMAIL_HTTP_TOKEN: "mail-key",
      EMAIL_FROM: "Grid <grid@example.com>",
    };
    const res = await call("POST", "/api/v1/auth/password/forgot", {
      body: { email: s.email },
      fetcher: (req) => Promise.resolve(app.fetch(req, mailEnv)),
    });
    expect(res.status).toBe(200);
    const last = await (await fetch(new URL("/mail/last", mailApi))).json<Record<string, string>>();
    expect(last).toMatchObject({
      authorization: "Bearer mail-key",
      from: "Grid <grid@example.com>",
      to: s.email,
      subject: "Reset your password",
    });
    expect(last.text).toMatch(/\/auth\/password\/reset\/[0-9a-f-]{36}/);
    expect(await outbox(s.email)).toEqual([]);
    // Outside local mode links are never printed.
    expect(log).not.toHaveBeenCalled();

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = await call("POST", "/api/v1/auth/password/forgot", {
      body: { email: s.email },
      fetcher: (req) => Promise.resolve(app.fetch(req, { ...mailEnv, EMAIL_HTTP_TOKEN: "wrong" })),
    });
    // Sent after the answer: a refusal for known addresses alone would tell them from unknown ones.
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ msg: "Please check your email to reset the password" });
    // Only the status is logged: the provider's answer could echo the message and its link.
    expect(errors).toHaveBeenCalledWith("mail provider refused", 401);
    errors.mockRestore();
  });
});

describe("reset link", () => {
  it("redirects the mailed link to the web page", async () => {
    const s = await signUp();
    const token = await resetTokenFor(s.email);
    for (const prefix of ["/auth", "/api/v1/db/auth"]) {
      const res = await call("GET", `${prefix}/password/reset/${token}`);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/reset-password/${token}`);
    }
  });

  it("validates, resets once, and ends the old sessions", async () => {
    const s = await signUp();
    const token = await resetTokenFor(s.email);
    const valid = await call("POST", `/api/v1/db/auth/token/validate/${token}`);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ msg: "Token has been validated successfully" });

    const weak = await call("POST", `/api/v1/auth/password/reset/${token}`, { body: { password: "1234" } });
    expect(weak.body).toEqual({ msg: "Password : At least 8 letters. " });
    const missing = await call("POST", `/api/v1/auth/password/reset/${token}`, { body: {} });
    expect(missing.body).toEqual({ msg: "password: Required" });

    const res = await call("POST", `/api/v1/db/auth/password/reset/${token}`, {
      body: { password: "Brand-New-Secret-5" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: "Password has been reset successfully" });

    expect(await probeSignedIn(s.token)).toBe(401);
    expect((await call("POST", "/auth/token/refresh", { cookie: `refresh_token=${s.refresh}` })).body).toEqual({
      msg: "Invalid refresh token",
    });
    expect(
      (await call("POST", "/api/v1/auth/user/signin", { body: { email: s.email, password: s.password } })).status,
    ).toBe(400);
    await signIn(s.email, "Brand-New-Secret-5");

    const reuse = await call("POST", `/api/v1/auth/password/reset/${token}`, {
      body: { password: "Another-Secret-6" },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ msg: "Invalid reset url" });
    expect((await call("POST", `/api/v1/auth/token/validate/${token}`)).body).toEqual({ msg: "Invalid reset url" });
  });

  it("keeps only the newest link alive", async () => {
    const s = await signUp();
    const first = await resetTokenFor(s.email);
    const second = await resetTokenFor(s.email);
    expect((await call("POST", `/api/v1/auth/token/validate/${first}`)).body).toEqual({ msg: "Invalid reset url" });
    expect((await call("POST", `/api/v1/auth/token/validate/${second}`)).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    const s = await signUp();
    const token = await resetTokenFor(s.email);
    await env.META.prepare("UPDATE users SET reset_expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, s.email)
      .run();
    const validate = await call("POST", `/api/v1/auth/token/validate/${token}`);
    expect(validate.status).toBe(400);
    expect(validate.body).toEqual({ msg: "Password reset url expired" });
    const reset = await call("POST", `/api/v1/auth/password/reset/${token}`, { body: { password: GOOD_PASSWORD } });
    expect(reset.body).toEqual({ msg: "Password reset url expired" });
    await signIn(s.email, s.password);
  });

  it("refuses unknown tokens", async () => {
    const res = await call("POST", `/api/v1/auth/token/validate/${crypto.randomUUID()}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: "Invalid reset url" });
  });
});

describe("dev outbox reader", () => {
  it("is the super admin's only, even in local mode", async () => {
    expect((await call("GET", "/api/v1/dev/outbox")).status).toBe(401);
    for (const roles of ["org-level-creator", "org-level-viewer"]) {
      const res = await call("GET", "/api/v1/dev/outbox", { token: (await seedUser(roles)).token });
      expect(res.status).toBe(403);
      expect(res.body.list).toBeUndefined();
    }
    const admin = await seedUser("super");
    expect((await call("GET", "/api/v1/dev/outbox", { token: admin.token })).status).toBe(200);
  });

  it("does not exist outside local mode", async () => {
    const res = await call("GET", "/api/v1/dev/outbox?to=a@b.co", {
      fetcher: (req) => Promise.resolve(app.fetch(req, { ...env, MODE: "" })),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ msg: "Not found" });
  });
});
