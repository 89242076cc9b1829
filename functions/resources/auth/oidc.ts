import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { randomHex } from "../../../db/ids";
import { addressRule } from "../../../db/net/public-address";
import { HttpError, badRequest } from "../../lib/http-error";
import { b64url, equalText, macOf } from "../../lib/mac";
import { discover, domainAllowed, exchangeCode, ssoFailure, verifyIdToken } from "../../lib/oidc-client";
import { readOidcConfig, type OidcConfig } from "../../lib/oidc-config";
import { logSecurity } from "../../lib/security-log";
import { siteUrl } from "../../lib/site-url";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { accountFor } from "./social";
import { finishSignin } from "./start-session";

/**
 * Single sign-on with OpenID Connect (issue 41): /oidc/start sends the browser to the provider
 * with PKCE, state and nonce; /oidc/callback checks them, validates the ID token and signs in as
 * social sign-in does (refresh cookie; two-factor still asked for). State, nonce and the PKCE
 * verifier ride in one short-lived httpOnly cookie signed with the Worker's secret.
 */
const COOKIE = "oidc_flow";
const FLOW_TTL_SECONDS = 600;
const MAC_PURPOSE = "oidc-flow";

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  exp: number;
}

type Ctx = Context<AppEnv>;

const callbackUrl = (c: Ctx) => `${siteUrl(c)}/api/v1/auth/oidc/callback`;
const cookieOptions = (c: Ctx) =>
  ({ httpOnly: true, sameSite: "Lax", path: "/", secure: new URL(c.req.url).protocol === "https:" }) as const;

async function configOrThrow(c: Ctx): Promise<OidcConfig> {
  const config = await readOidcConfig(c.env);
  if (!config) throw badRequest("Single sign-on is not configured");
  return config;
}

async function sealFlow(c: Ctx, flow: Flow): Promise<string> {
  const payload = b64url(new TextEncoder().encode(JSON.stringify(flow)).buffer as ArrayBuffer);
  return `${payload}.${await macOf(c.env, MAC_PURPOSE, payload)}`;
}

/** The flow this browser started, once (the cookie is removed whatever the outcome). */
async function takeFlow(c: Ctx): Promise<Flow> {
  const cookie = getCookie(c, COOKIE) ?? "";
  deleteCookie(c, COOKIE, cookieOptions(c));
  const [payload = "", mac = ""] = cookie.split(".");
  if (!payload || !equalText(mac, await macOf(c.env, MAC_PURPOSE, payload))) return ssoFailure("invalid state");
  const flow = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as Flow;
  if (flow.exp < Date.now()) return ssoFailure("the sign-in took too long, please start again");
  const state = c.req.query("state") ?? "";
  if (!equalText(state, flow.state)) return ssoFailure("invalid state");
  return flow;
}

async function pkceChallenge(verifier: string): Promise<string> {
  return b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
}

/** The callback's work; any refusal is an HttpError with the reason. `seen` keeps the e-mail for the log. */
async function signInFromCallback(c: Ctx, flow: Flow, seen: { email?: string }) {
  const providerError = c.req.query("error");
  if (providerError)
    ssoFailure(`the provider refused (${/^[a-z_]{1,40}$/.test(providerError) ? providerError : "error"})`);
  const code = c.req.query("code");
  if (!code) ssoFailure("missing authorization code");
  const config = await configOrThrow(c);
  const doc = await discover(config.issuer, addressRule(c.env));
  const idToken = await exchangeCode(doc, config, {
    code: code!,
    redirectUri: callbackUrl(c),
    verifier: flow.verifier,
  });
  const identity = await verifyIdToken(doc, config, idToken, flow.nonce);
  seen.email = identity.email;
  if (!domainAllowed(identity.email, config.allowedDomains)) ssoFailure("this e-mail domain is not allowed");
  const user = await accountFor(c, "oidc", identity, {
    roles: config.defaultRole,
    // The allowed domains decide who may join; with none, invite-only sign-up still applies.
    openSignup: config.allowedDomains.length > 0,
  });
  return finishSignin(c, user, "oidc");
}

export const oidc = new Hono<AppEnv>()
  .get("/oidc/start", need("public"), async (c) => {
    const config = await configOrThrow(c);
    const doc = await discover(config.issuer, addressRule(c.env));
    const flow: Flow = {
      state: randomHex(16),
      nonce: randomHex(16),
      verifier: randomHex(32),
      exp: Date.now() + FLOW_TTL_SECONDS * 1000,
    };
    setCookie(c, COOKIE, await sealFlow(c, flow), { ...cookieOptions(c), maxAge: FLOW_TTL_SECONDS });
    const url = new URL(doc.authorization_endpoint);
    url.searchParams.set("client_id", config.clientId);
    url.searchParams.set("redirect_uri", callbackUrl(c));
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", "openid email profile");
    url.searchParams.set("state", flow.state);
    url.searchParams.set("nonce", flow.nonce);
    url.searchParams.set("code_challenge", await pkceChallenge(flow.verifier));
    url.searchParams.set("code_challenge_method", "S256");
    return c.redirect(url.toString(), 302);
  })

  .get("/oidc/callback", need("public"), async (c) => {
    const seen: { email?: string } = {};
    let answer: Awaited<ReturnType<typeof signInFromCallback>>;
    try {
      answer = await signInFromCallback(c, await takeFlow(c), seen);
    } catch (err) {
      if (err instanceof HttpError) {
        await logSecurity(c, {
          kind: "signin.failure",
          email: seen.email,
          detail: { method: "oidc", reason: err.message },
        });
        // The person arrived here in a browser: back to the sign-in page, which says why.
        return c.redirect(`${siteUrl(c)}/signin#sso_error=${encodeURIComponent(err.message)}`, 302);
      }
      throw err;
    }
    // The refresh cookie is set: the web app restores the session from it on load. A user with
    // two-factor sign-in gets the ticket in the fragment (never sent to a server) for the code step.
    if ("token" in answer) return c.redirect(`${siteUrl(c)}/`, 302);
    return c.redirect(`${siteUrl(c)}/signin#sso_ticket=${encodeURIComponent(answer.ticket)}`, 302);
  });
