/**
 * Social sign-in callback (SPEC 4, API-CONTRACT 2): a page URL carrying `code` plus `scope` or
 * `state` is an OAuth return. The code is exchanged at POST /auth/{provider}/genTokenByCode with
 * the original query string; the provider is github when the state names it, else google.
 */

export type SocialProvider = "google" | "github";

export interface SocialCallback {
  provider: SocialProvider;
  /** Path plus the original query string, e.g. `/auth/github/genTokenByCode?code=..&state=..`. */
  exchangePath: string;
}

export function socialCallbackFrom(search: string): SocialCallback | null {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!query) return null;
  const params = new URLSearchParams(query);
  if (!params.get("code") || !(params.has("scope") || params.has("state"))) return null;
  const provider: SocialProvider = (params.get("state") ?? "").includes("github") ? "github" : "google";
  return { provider, exchangePath: `/auth/${provider}/genTokenByCode?${query}` };
}

/** The social sign-in links the sign-in page offers (server redirects to the provider). */
export const SOCIAL_START_PATHS: Record<SocialProvider, string> = {
  google: "/auth/google",
  github: "/auth/github",
};

/** Single sign-on (OpenID Connect): the server checks the provider's answer at its own callback. */
export const SSO_START_PATH = "/api/v1/auth/oidc/start";

/**
 * After single sign-on for a user with two-factor sign-in, the callback sends the browser to
 * /signin#sso_ticket=<ticket> (a fragment: never sent to a server); null when the hash has none.
 */
export function ssoTicketFrom(hash: string): string | null {
  return fragmentParam(hash, "sso_ticket");
}

/** A single sign-on the callback refused comes back as /signin#sso_error=<the server's msg>. */
export function ssoErrorFrom(hash: string): string | null {
  return fragmentParam(hash, "sso_error");
}

function fragmentParam(hash: string, name: string): string | null {
  return new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash).get(name) || null;
}
