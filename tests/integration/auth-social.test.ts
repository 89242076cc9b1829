import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../functions/app";
import { call, claimsOf, probeSignedIn, uniqueEmail, type Reply } from "./auth-support";

/** Starts the flow at the Worker and returns the provider URL it redirects to, with the state cookie. */
async function start(provider: string): Promise<{ authorize: URL; nonce: string; reply: Reply }> {
  const reply = await call("GET", `/auth/${provider}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(302);
  return { authorize: new URL(reply.headers.get("location")!), nonce: reply.cookies.oauth_state!, reply };
}

/** Runs the whole browser round trip through the fake provider and returns the exchange's answer. */
async function signInWith(provider: string, email: string): Promise<Reply> {
  const { authorize, nonce } = await start(provider);
  authorize.searchParams.set("login_hint", email);
  const back = await fetch(authorize, { redirect: "manual" });
  expect(back.status).toBe(302);
  const signinPage = new URL(back.headers.get("location")!);
  expect(signinPage.origin + signinPage.pathname).toBe("http://localhost/signin");
  return call("POST", `/auth/${provider}/genTokenByCode${signinPage.search}`, { cookie: `oauth_state=${nonce}` });
}

describe("social sign-in: start", () => {
  it("redirects to Google's authorize URL with state = google.<nonce> and a state cookie", async () => {
    const { authorize, nonce, reply } = await start("google");
    expect(authorize.origin + authorize.pathname).toBe(env.GOOGLE_AUTH_URL);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: "google-client",
      redirect_uri: "http://localhost/signin",
      scope: "openid email profile",
      response_type: "code",
      state: `google.${nonce}`,
    });
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const line = reply.setCookie.find((l) => l.startsWith("oauth_state="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=600/);
  });

  it("asks GitHub for the user and e-mail scopes", async () => {
    const { authorize, nonce } = await start("github");
    expect(authorize.origin + authorize.pathname).toBe(env.GITHUB_AUTH_URL);
    expect(authorize.searchParams.get("scope")).toBe("read:user user:email");
    expect(authorize.searchParams.get("state")).toBe(`github.${nonce}`);
  });

  it("refuses unknown and unconfigured providers with 400", async () => {
    const unknown = await call("GET", "/auth/myspace");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ msg: "Unknown sign-in provider, use google or github" });
    const noGoogle = (req: Request) => Promise.resolve(app.fetch(req, { ...env, GOOGLE_CLIENT_SECRET: "" }));
    const off = await call("GET", "/auth/google", { fetcher: noGoogle });
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ msg: "Google sign-in is not configured" });
    const offExchange = await call("POST", "/auth/google/genTokenByCode?code=ok-a@b.co&state=google.x", {
      fetcher: noGoogle,
    });
    expect(offExchange.body).toEqual({ msg: "Google sign-in is not configured" });
  });
});

describe("social sign-in: exchange", () => {
  it("signs up a new Google user (the instance's first: super admin) and signs them in again", async () => {
    const email = uniqueEmail("google");
    const res = await signInWith("google", email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body)).toEqual(["token"]);
    expect(res.cookies.refresh_token).toMatch(/^[0-9a-f]{80}$/);
    expect(res.cookies.oauth_state).toBe("");
    const claims = claimsOf(String(res.body.token));
    expect(claims).toMatchObject({ email, firstname: "Oauth", lastname: "User", roles: "org-level-creator,super" });
    const me = await call("GET", "/api/v1/auth/user/me", { token: String(res.body.token) });
    expect(me.body).toMatchObject({ email, provider: "google", email_verified: true });

    const again = await signInWith("google", email.toUpperCase());
    expect(again.status).toBe(200);
    expect(claimsOf(String(again.body.token)).id).toBe(claims.id);
  });

  it("has no password to reset for an account made through a provider", async () => {
    const email = uniqueEmail("social-only");
    expect((await signInWith("google", email)).status).toBe(200);
    const res = await call("POST", "/api/v1/auth/password/forgot", { body: { email } });
    // The same answer as for any address (nothing is told about the account), and no mail.
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: "Please check your email to reset the password" });
    const mail = await env.META.prepare("SELECT count(*) AS n FROM outbox WHERE to_email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(mail?.n).toBe(0);
  });

  it("signs in a GitHub user with the primary verified e-mail", async () => {
    const email = uniqueEmail("github");
    const res = await signInWith("github", email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = String(res.body.token);
    expect(claimsOf(token)).toMatchObject({ email, firstname: "Oauth", lastname: "User", roles: "org-level-creator" });
    expect(await probeSignedIn(token)).toBe(400);
    expect((await call("GET", "/auth/user/me", { token })).body).toMatchObject({ provider: "github" });
  });

  it("answers 400 when the provider refuses the code, without echoing secrets", async () => {
    const { nonce } = await start("google");
    const res = await call("POST", `/auth/google/genTokenByCode?code=bad-code&state=google.${nonce}`, {
      cookie: `oauth_state=${nonce}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: "Google sign-in failed: the authorization code was refused (invalid_grant)" });
    expect(JSON.stringify(res.body)).not.toContain("google-secret");

    const gh = await start("github");
    const ghRes = await call("POST", `/auth/github/genTokenByCode?code=nope&state=github.${gh.nonce}`, {
      cookie: `oauth_state=${gh.nonce}`,
    });
    expect(ghRes.status).toBe(400);
    expect(String(ghRes.body.msg)).toMatch(/^GitHub sign-in failed/);
  });

  it("refuses a state that does not match the cookie", async () => {
    const { nonce } = await start("google");
    const code = `ok-${uniqueEmail("csrf")}`;
    const cases: Array<[string, string | undefined]> = [
      [`google.${nonce}`, undefined], // no cookie: the flow was not started in this browser
      [`google.${"0".repeat(32)}`, nonce], // someone else's state
      [`github.${nonce}`, nonce], // state of the other provider
      ["", nonce],
    ];
    for (const [state, cookie] of cases) {
      const res = await call("POST", `/auth/google/genTokenByCode?code=${code}&state=${state}`, {
        cookie: cookie ? `oauth_state=${cookie}` : undefined,
      });
      expect(res.status, state).toBe(400);
      expect(res.body).toEqual({ msg: "Invalid OAuth state" });
    }
  });

  it("refuses a missing code", async () => {
    const { nonce } = await start("github");
    const res = await call("POST", `/auth/github/genTokenByCode?state=github.${nonce}`, {
      cookie: `oauth_state=${nonce}`,
    });
    expect(res.body).toEqual({ msg: "Missing authorization code" });
  });

  it("does not create accounts when sign-up is invite-only", async () => {
    await env.META.prepare("INSERT INTO app_settings (key, value) VALUES ('invite_only_signup', 'true')").run();
    try {
      const res = await signInWith("github", uniqueEmail("uninvited"));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: "Not allowed to signup, contact super admin." });
    } finally {
      await env.META.prepare("DELETE FROM app_settings WHERE key = 'invite_only_signup'").run();
    }
  });
});
