import type { Env } from "../../../realtime/env";
import { badRequest } from "../../lib/http-error";

/**
 * Google and GitHub sign-in (OAuth 2 authorization-code flow). Endpoints are overridable so the
 * tests can point them at a loopback fake; the defaults are the providers' real endpoints.
 */
export interface OAuthProfile {
  email: string;
  firstname: string | null;
  lastname: string | null;
}

export interface OAuthProvider {
  name: "google" | "github";
  label: string;
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  scope: string;
  /** Reads the verified e-mail and names of the account the access token belongs to. */
  profile(accessToken: string): Promise<OAuthProfile>;
}

const TIMEOUT_MS = 10_000;
const LABELS = { google: "Google", github: "GitHub" } as const;

/** The provider's failure, without anything it sent back but a short error code. */
export function providerFailure(label: string, what: string, code?: unknown): never {
  const safeCode = typeof code === "string" && /^[a-z_]{1,40}$/.test(code) ? ` (${code})` : "";
  throw badRequest(`${label} sign-in failed: ${what}${safeCode}`);
}

async function getJson(label: string, url: string, headers: Record<string, string>): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json", ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return providerFailure(label, "the provider could not be reached");
  }
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  if (!res.ok || body === null) providerFailure(label, "the account could not be read", body?.error);
  return body;
}

function splitName(name: unknown): [string | null, string | null] {
  if (typeof name !== "string" || !name.trim()) return [null, null];
  const [first, ...rest] = name.trim().split(/\s+/);
  return [first ?? null, rest.length ? rest.join(" ") : null];
}

function google(env: Env): OAuthProvider {
  const label = LABELS.google;
  return {
    name: "google",
    label,
    clientId: env.GOOGLE_CLIENT_ID ?? "",
    clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
    authUrl: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
    scope: "openid email profile",
    async profile(accessToken) {
      const url = env.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo";
      const info = (await getJson(label, url, { authorization: `Bearer ${accessToken}` })) as Record<string, unknown>;
      // An unverified address could belong to someone else: never sign in to an account by it.
      if (typeof info.email !== "string" || info.email_verified !== true)
        providerFailure(label, "the e-mail address is not verified");
      const given = typeof info.given_name === "string" ? info.given_name : null;
      const family = typeof info.family_name === "string" ? info.family_name : null;
      return { email: info.email, firstname: given, lastname: family };
    },
  };
}

function github(env: Env): OAuthProvider {
  const label = LABELS.github;
  const api = (env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, "");
  return {
    name: "github",
    label,
    clientId: env.GITHUB_CLIENT_ID ?? "",
    clientSecret: env.GITHUB_CLIENT_SECRET ?? "",
    authUrl: env.GITHUB_AUTH_URL || "https://github.com/login/oauth/authorize",
    tokenUrl: env.GITHUB_TOKEN_URL || "https://github.com/login/oauth/access_token",
    scope: "read:user user:email",
    async profile(accessToken) {
      // GitHub's API refuses requests without a User-Agent.
      const headers = {
        authorization: `Bearer ${accessToken}`,
        "user-agent": "gridbase",
        accept: "application/vnd.github+json",
      };
      const account = (await getJson(label, `${api}/user`, headers)) as Record<string, unknown>;
      const emails = await getJson(label, `${api}/user/emails`, headers);
      const primary = Array.isArray(emails)
        ? (emails as { email?: unknown; primary?: unknown; verified?: unknown }[]).find(
            (e) => e.primary === true && e.verified === true,
          )
        : undefined;
      if (!primary || typeof primary.email !== "string")
        providerFailure(label, "the account has no verified primary e-mail");
      const [firstname, lastname] = splitName(account.name);
      return { email: primary.email, firstname, lastname };
    },
  };
}

/** The configured provider of this name; 400 for an unknown or unconfigured one. */
export function oauthProvider(env: Env, name: string): OAuthProvider {
  const provider = name === "google" ? google(env) : name === "github" ? github(env) : null;
  if (!provider) throw badRequest("Unknown sign-in provider, use google or github");
  if (!provider.clientId || !provider.clientSecret) throw badRequest(`${provider.label} sign-in is not configured`);
  return provider;
}

/** Trades an authorization code for an access token (form-encoded POST, JSON answer). */
export async function exchangeCode(p: OAuthProvider, code: string, redirectUri: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(p.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        client_id: p.clientId,
        client_secret: p.clientSecret,
        redirect_uri: redirectUri,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return providerFailure(p.label, "the provider could not be reached");
  }
  // GitHub reports a bad code with status 200 and an `error` field, Google with a 400.
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; error?: unknown } | null;
  if (!res.ok || typeof body?.access_token !== "string" || !body.access_token) {
    providerFailure(p.label, "the authorization code was refused", body?.error);
  }
  return body.access_token;
}
