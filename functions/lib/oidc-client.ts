import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { checkUrl, type AddressRule } from "../../db/net/public-address";
import type { OidcConfig } from "./oidc-config";
import { badRequest } from "./http-error";

/**
 * The relying-party half of OpenID Connect (authorization-code flow with PKCE): discovery, the
 * code exchange and the ID token's checks. Every URL the server calls is checked with the same
 * address rule as webhooks (private ranges refused outside local mode).
 */
export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

const TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 10 * 60_000;
/** Per isolate: discovery documents and key sets, so a sign-in does not fetch them each time. */
const discoveries = new Map<string, { doc: Discovery; at: number }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export const ssoFailure = (what: string): never => {
  throw badRequest(`SSO sign-in failed: ${what}`);
};

async function guard(url: string, rule: AddressRule, what: string) {
  const check = await checkUrl(url, rule);
  if (!check.ok) ssoFailure(`${what}: ${check.reason}`);
}

async function fetchJson(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return ssoFailure(`${what} could not be reached`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object") return ssoFailure(`${what} answered HTTP ${res.status}`);
  if (!res.ok) {
    const code = typeof body.error === "string" && /^[a-z_]{1,40}$/.test(body.error) ? ` (${body.error})` : "";
    return ssoFailure(`${what} answered HTTP ${res.status}${code}`);
  }
  return body;
}

/** The issuer's discovery document, cached; its endpoints must pass the address rule too. */
export async function discover(issuer: string, rule: AddressRule, fresh = false): Promise<Discovery> {
  const base = issuer.replace(/\/+$/, "");
  const cached = discoveries.get(base);
  if (!fresh && cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
  await guard(base, rule, "issuer");
  const doc = (await fetchJson(
    `${base}/.well-known/openid-configuration`,
    { headers: { accept: "application/json" } },
    "the provider's discovery",
  )) as unknown as Discovery;
  for (const key of ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    if (typeof doc[key] !== "string") ssoFailure(`the discovery document has no ${key}`);
  }
  // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched from.
  if (doc.issuer.replace(/\/+$/, "") !== base) ssoFailure("the discovery document names another issuer");
  await guard(doc.token_endpoint, rule, "token endpoint");
  await guard(doc.jwks_uri, rule, "key set");
  discoveries.set(base, { doc, at: Date.now() });
  return doc;
}

/** Trades the code for tokens, authenticating as the discovery document prefers (basic by default). */
export async function exchangeCode(
  doc: Discovery,
  config: OidcConfig,
  input: { code: string; redirectUri: string; verifier: string },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.verifier,
  });
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const methods = doc.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  if (!methods.includes("client_secret_basic") && methods.includes("client_secret_post")) {
    form.set("client_id", config.clientId);
    form.set("client_secret", config.clientSecret);
  } else {
    // RFC 6749 §2.3.1: both parts form-encoded before base64.
    const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
    headers.authorization = `Basic ${btoa(`${enc(config.clientId)}:${enc(config.clientSecret)}`)}`;
  }
  const body = await fetchJson(doc.token_endpoint, { method: "POST", headers, body: form }, "the token endpoint");
  if (typeof body.id_token !== "string") return ssoFailure("the provider sent no ID token");
  return body.id_token;
}

export interface OidcIdentity {
  email: string;
  firstname: string | null;
  lastname: string | null;
}

/** Checks the ID token's signature, issuer, audience, expiry and nonce, and reads a usable e-mail. */
export async function verifyIdToken(
  doc: Discovery,
  config: OidcConfig,
  idToken: string,
  nonce: string,
): Promise<OidcIdentity> {
  let keys = keySets.get(doc.jwks_uri);
  if (!keys) keySets.set(doc.jwks_uri, (keys = createRemoteJWKSet(new URL(doc.jwks_uri))));
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keys, { issuer: doc.issuer, audience: config.clientId }));
  } catch {
    return ssoFailure("the ID token is not valid");
  }
  if (claims.nonce !== nonce) ssoFailure("the ID token's nonce does not match");
  if (typeof claims.email !== "string" || !claims.email.includes("@")) ssoFailure("the ID token has no e-mail");
  // An address the provider says is unverified could belong to someone else.
  if (claims.email_verified !== undefined && claims.email_verified !== true)
    ssoFailure("the e-mail address is not verified");
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return {
    email: (claims.email as string).trim().toLowerCase(),
    firstname: text(claims.given_name),
    lastname: text(claims.family_name),
  };
}

/** The domain part of an address, checked against the allowed list (empty allows any). */
export function domainAllowed(email: string, allowed: string[]): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return allowed.length === 0 || allowed.includes(domain);
}
