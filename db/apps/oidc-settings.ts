/**
 * Single sign-on with OpenID Connect (issue 41), as the super admin sets it in the app store.
 * Shared by the server (functions/lib/oidc-config.ts) and the web app-store page.
 */
export const OIDC_ROLES = ["org-level-creator", "org-level-viewer"] as const;
export type OidcRole = (typeof OIDC_ROLES)[number];

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case e-mail domains allowed to sign in; empty allows any verified address. */
  allowedDomains: string[];
  /** The org role of a user that SSO creates. */
  defaultRole: OidcRole;
  /** Password sign-in refused for everyone but super admins (so no one is locked out). */
  ssoOnly: boolean;
  /** Shown on the sign-in button ("Sign in with Acme"); empty says "SSO". */
  label: string;
}

/** What is kept in the clear beside the sealed config: all of it, the client secret masked. */
export type OidcHint = OidcConfig;
