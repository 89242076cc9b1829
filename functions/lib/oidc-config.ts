import { maskSecret, open, seal } from "../../db/apps/secret-box";
import { settingsKey } from "../../db/apps/settings-key";
import type { Env } from "../../realtime/env";
import { keyOrThrow, OIDC_ID } from "./integrations";

/**
 * Single sign-on with OpenID Connect (issue 41), set by the super admin in the app store. Kept
 * like the other integrations: the whole config sealed, and a hint without the secret beside it,
 * which is also what sign-in pages read (the provider's name, whether only SSO is allowed).
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
  /** Shown on the sign-in button ("Sign in with Okta"); empty says "SSO". */
  label: string;
}

export type OidcHint = Omit<OidcConfig, "clientSecret"> & { clientSecret: string };

export const oidcHint = (c: OidcConfig): OidcHint => ({ ...c, clientSecret: maskSecret(c.clientSecret) });

export async function readOidcConfig(env: Env): Promise<OidcConfig | null> {
  const key = settingsKey(env);
  if (!key) return null;
  const row = await env.META.prepare("SELECT config FROM integrations WHERE id = ?")
    .bind(OIDC_ID)
    .first<{ config: string }>();
  return row ? open<OidcConfig>(key, row.config) : null;
}

/** What the public sign-in page may know, from the hint (no key needed, nothing secret). */
export async function readOidcPublic(db: D1Database): Promise<{ label: string; ssoOnly: boolean } | null> {
  const row = await db.prepare("SELECT hint FROM integrations WHERE id = ?").bind(OIDC_ID).first<{ hint: string }>();
  if (!row) return null;
  const hint = JSON.parse(row.hint) as Partial<OidcHint>;
  return { label: hint.label ?? "", ssoOnly: hint.ssoOnly === true };
}

export async function saveOidcConfig(env: Env, c: OidcConfig) {
  const ts = new Date().toISOString();
  await env.META.prepare(
    `INSERT INTO integrations (id, kind, title, config, hint, created_at, updated_at) VALUES (?, 'oidc', 'oidc', ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET config = excluded.config, hint = excluded.hint, updated_at = excluded.updated_at`,
  )
    .bind(OIDC_ID, await seal(keyOrThrow(env), c), JSON.stringify(oidcHint(c)), ts, ts)
    .run();
}
