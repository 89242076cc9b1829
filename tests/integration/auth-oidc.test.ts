import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../functions/app";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from "../support/oidc-test-client";
import { call, claimsOf, GOOD_PASSWORD, signIn, signUp, type Reply, type Session } from "./auth-support";

/**
 * Single sign-on against a real OpenID provider (oidc-provider) on loopback, driven like a browser:
 * start at the Worker, follow the provider's redirects (its login page signs in the login_hint),
 * and come back to the Worker's callback with the flow cookie.
 */
const CALLBACK = "http://localhost/api/v1/auth/oidc/callback";
let admin: Session;

function oidcSettings(extra: Record<string, unknown> = {}) {
  return {
    issuer: env.FAKE_OIDC_URL,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    allowedDomains: ["acme.test"],
    defaultRole: "org-level-viewer",
    label: "Acme",
    ...extra,
  };
}

async function configure(extra: Record<string, unknown> = {}) {
  const res = await call("PUT", "/api/v1/apps/oidc", { token: admin.token, body: oidcSettings(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** Follows the provider's redirects (keeping its cookies) until it sends the browser to our callback. */
async function throughProvider(authorize: URL): Promise<URL> {
  const jar = new Map<string, string>();
  let next = authorize.toString();
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of res.headers.getAll("set-cookie")) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = res.headers.get("location");
    expect(location, `${res.status} ${await res.text()}`).toBeTruthy();
    next = new URL(location!, next).toString();
    if (next.startsWith(CALLBACK)) return new URL(next);
  }
  throw new Error("the provider never redirected back");
}

interface Tamper {
  state?: string;
  nonce?: string;
}

async function ssoSignIn(email: string, tamper: Tamper = {}): Promise<Reply> {
  const start = await call("GET", "/api/v1/auth/oidc/start");
  expect(start.status, JSON.stringify(start.body)).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  authorize.searchParams.set("login_hint", email);
  // The provider puts whatever nonce it was asked for in the ID token: a different one plays a
  // provider (or attacker) answering another flow.
  if (tamper.nonce) authorize.searchParams.set("nonce", tamper.nonce);
  const back = await throughProvider(authorize);
  if (tamper.state) back.searchParams.set("state", tamper.state);
  return call("GET", `${back.pathname}${back.search}`, { cookie: `oidc_flow=${start.cookies.oidc_flow}` });
}

/** A refused sign-in goes back to the sign-in page with the reason in the fragment. */
function refusal(reply: Reply): string | null {
  expect(reply.status, JSON.stringify(reply.body)).toBe(302);
  const to = new URL(reply.headers.get("location")!);
  expect(to.pathname).toBe("/signin");
  return new URLSearchParams(to.hash.slice(1)).get("sso_error");
}

async function tokenFrom(reply: Reply): Promise<string> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(302);
  expect(reply.headers.get("location")).toBe("http://localhost/");
  const refreshed = await call("POST", "/api/v1/auth/token/refresh", {
    cookie: `refresh_token=${reply.cookies.refresh_token}`,
  });
  expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
  return String(refreshed.body.token);
}

async function lastSecurityEvent(kind: string) {
  return env.META.prepare("SELECT * FROM security_events WHERE kind = ? ORDER BY id DESC LIMIT 1")
    .bind(kind)
    .first<{ email: string | null; detail: string }>();
}

beforeAll(async () => {
  admin = await signUp(`root.${Date.now()}@example.com`);
  expect(claimsOf(admin.token).roles).toMatch(/super/);
});

describe("SSO settings in the app store", () => {
  it("is refused before it is configured, and the client secret never comes back", async () => {
    const off = await call("GET", "/api/v1/auth/oidc/start");
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ msg: "Single sign-on is not configured" });
    const saved = await configure();
    expect(JSON.stringify(saved.body)).not.toContain(OIDC_CLIENT_SECRET);
    const listed = await call("GET", "/api/v1/apps", { token: admin.token });
    expect(listed.body.oidc).toMatchObject({ configured: true, clientId: OIDC_CLIENT_ID, label: "Acme" });
    expect(JSON.stringify(listed.body)).not.toContain(OIDC_CLIENT_SECRET);
    const info = await call("GET", "/api/v1/db/meta/nocodb/info");
    expect(info.body).toMatchObject({ oidcAuthEnabled: true, oidcLabel: "Acme", ssoOnly: false });
  });

  it("answers a wrong issuer with a 400 that says why", async () => {
    const res = await call("PUT", "/api/v1/apps/oidc", {
      token: admin.token,
      body: oidcSettings({ issuer: `${env.FAKE_OIDC_URL}/nowhere` }),
    });
    expect(res.status).toBe(400);
    expect(String(res.body.msg)).toBe("SSO sign-in failed: the provider's discovery answered HTTP 404");
  });

  it("refuses an issuer on a private address outside local mode", async () => {
    const production = (req: Request) =>
      Promise.resolve(
        app.fetch(req, {
          ...env,
          MODE: "production",
          // The secret the test sessions are signed with (local mode's default).
          JWT_SECRET: "local-development-secret-not-for-production-use",
          SETTINGS_KEY: "oidc-test-settings-key-0123456789",
        }),
      );
    const res = await call("PUT", "/api/v1/apps/oidc", {
      token: admin.token,
      body: oidcSettings(),
      fetcher: production,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: "SSO sign-in failed: issuer: 127.0.0.1 is not a public address" });
  });
});

describe("SSO sign-in through the OpenID provider", () => {
  it("creates a new user with the default role, and finds the same user the next time", async () => {
    await configure();
    const email = `ann.${Date.now()}@acme.test`;
    const first = claimsOf(await tokenFrom(await ssoSignIn(email)));
    expect(first.email).toBe(email);
    expect(first.roles).toBe("org-level-viewer");
    const again = claimsOf(await tokenFrom(await ssoSignIn(email)));
    expect(again.id).toBe(first.id);
    const row = await env.META.prepare("SELECT provider, email_verified FROM users WHERE email = ?")
      .bind(email)
      .first();
    expect(row).toEqual({ provider: "oidc", email_verified: 1 });
    const logged = await lastSecurityEvent("signin.success");
    expect(logged?.email).toBe(email);
    expect(JSON.parse(logged!.detail)).toEqual({ method: "oidc" });
  });

  it("asks a user with two-factor sign-in for the code: a ticket in the fragment, no session yet", async () => {
    const email = `fay.${Date.now()}@acme.test`;
    const user = claimsOf(await tokenFrom(await ssoSignIn(email)));
    // Only "enabled" decides whether sign-in asks for a code (the secret is never read here).
    await env.META.prepare(
      "INSERT INTO user_two_factor (user_id, secret_sealed, enabled, created_at) VALUES (?, 'x', 1, ?)",
    )
      .bind(user.id, new Date().toISOString())
      .run();
    const res = await ssoSignIn(email);
    expect(res.status).toBe(302);
    const ticket = new URLSearchParams(new URL(res.headers.get("location")!).hash.slice(1)).get("sso_ticket");
    expect(res.headers.get("location")).toMatch(/^http:\/\/localhost\/signin#sso_ticket=/);
    expect(ticket).toBeTruthy();
    expect(res.cookies.refresh_token).toBeUndefined();
    const wrong = await call("POST", "/api/v1/auth/2fa/verify", { body: { ticket, code: "000000" } });
    expect(wrong.status).toBe(400);
  });

  it("refuses a tampered state", async () => {
    const res = await ssoSignIn(`bob.${Date.now()}@acme.test`, { state: "f".repeat(32) });
    expect(refusal(res)).toBe("SSO sign-in failed: invalid state");
    expect(res.cookies.refresh_token).toBeUndefined();
  });

  it("refuses an ID token carrying another nonce", async () => {
    const email = `cat.${Date.now()}@acme.test`;
    const res = await ssoSignIn(email, { nonce: "0".repeat(32) });
    expect(refusal(res)).toBe("SSO sign-in failed: the ID token's nonce does not match");
    expect(await env.META.prepare("SELECT 1 FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });

  it("refuses an address outside the allowed domains, and logs the failure", async () => {
    const email = `dan.${Date.now()}@elsewhere.test`;
    const res = await ssoSignIn(email);
    expect(refusal(res)).toBe("SSO sign-in failed: this e-mail domain is not allowed");
    expect(await env.META.prepare("SELECT 1 FROM users WHERE email = ?").bind(email).first()).toBeNull();
    const logged = await lastSecurityEvent("signin.failure");
    expect(logged?.email).toBe(email);
    expect(JSON.parse(logged!.detail)).toMatchObject({ method: "oidc" });
  });

  it("refuses an address the provider says is unverified", async () => {
    const res = await ssoSignIn(`unverified.${Date.now()}@acme.test`);
    expect(refusal(res)).toBe("SSO sign-in failed: the e-mail address is not verified");
  });
});

describe("only SSO", () => {
  it("refuses a password to everyone but a super admin", async () => {
    const member = await signUp(`eve.${Date.now()}@acme.test`);
    await configure({ ssoOnly: true });
    const refused = await call("POST", "/api/v1/auth/user/signin", {
      body: { email: member.email, password: GOOD_PASSWORD },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ msg: "This instance signs in with single sign-on only: use the SSO button" });
    // A wrong password still answers as always: the SSO answer is only for who knows the password.
    const wrong = await call("POST", "/api/v1/auth/user/signin", {
      body: { email: member.email, password: "Wrong-Passphrase-42" },
    });
    expect(wrong.body).toEqual({ msg: "Invalid credentials" });
    // The super admin keeps a password, so no one is locked out.
    await signIn(admin.email, admin.password);
    // The same member still gets in through SSO.
    expect(claimsOf(await tokenFrom(await ssoSignIn(member.email))).email).toBe(member.email);
    await configure({ ssoOnly: false });
  });

  it("refuses a password reset to everyone but a super admin, telling no one who is one", async () => {
    const member = await signUp(`frank.${Date.now()}@acme.test`);
    const mails = async (to: string) => {
      const res = await call("GET", `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`, { token: admin.token });
      return res.body.list as Array<{ link: string | null }>;
    };
    const tokenOf = (link: string | null | undefined) => /\/reset\/([0-9a-f-]{36})$/.exec(link ?? "")![1]!;
    const forgot = (email: string) => call("POST", "/api/v1/auth/password/forgot", { body: { email } });
    // A link the member had before "only SSO" was switched on.
    expect((await forgot(member.email)).status).toBe(200);
    const earlier = tokenOf((await mails(member.email))[0]?.link);
    const adminMails = (await mails(admin.email)).length;

    await configure({ ssoOnly: true });
    try {
      const SSO_RESET =
        "This instance signs in with single sign-on only: use the SSO button (a super admin's reset link is still sent by e-mail)";
      for (const email of [member.email, `nobody.${Date.now()}@acme.test`, admin.email]) {
        const res = await forgot(email);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ msg: SSO_RESET });
      }
      expect(await mails(member.email)).toHaveLength(1);
      // Only the super admin's link went out, and it works.
      const adminList = await mails(admin.email);
      expect(adminList).toHaveLength(adminMails + 1);
      const adminToken = tokenOf(adminList[0]?.link);
      expect((await call("POST", `/api/v1/auth/token/validate/${adminToken}`)).status).toBe(200);

      const SSO_ONLY = { msg: "This instance signs in with single sign-on only: use the SSO button" };
      const validate = await call("POST", `/api/v1/auth/token/validate/${earlier}`);
      expect(validate.status).toBe(400);
      expect(validate.body).toEqual(SSO_ONLY);
      const reset = await call("POST", `/api/v1/auth/password/reset/${earlier}`, {
        body: { password: "Another-Passphrase-7" },
      });
      expect(reset.status).toBe(400);
      expect(reset.body).toEqual(SSO_ONLY);
    } finally {
      await configure({ ssoOnly: false });
    }
    // Nothing was used up: with "only SSO" off the same link sets the password.
    const later = await call("POST", `/api/v1/auth/password/reset/${earlier}`, {
      body: { password: "Another-Passphrase-7" },
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    await signIn(member.email, "Another-Passphrase-7");
  });
});
