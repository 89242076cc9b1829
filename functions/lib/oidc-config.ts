import { maskSecret, open, seal } from "../../db/apps/secret-box";
import { settingsKey } from "../../db/apps/settings-key";
import type { Env } from "../../realtime/env";
import { keyOrThrow, OIDC_ID } from "./integrations";
import type { OidcConfig, OidcHint } from "../../db/apps/oidc-settings";

export { OIDC_ROLES, type OidcConfig } from "../../db/apps/oidc-settings";

/**
 * Single sign-on with OpenID Connect (issue 41), set by the super admin in the app store. Kept
 * like the other integrations: the whole config sealed, and a hint without the secret beside it,
 * which is also what sign-in pages read (the provider's name, whether only SSO is allowed).
 */
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
