import { maskSecret, maskUrl, open, seal } from "../../db/apps/secret-box";
import { settingsKey } from "../../db/apps/settings-key";
import type { OidcHint } from "../../db/apps/oidc-settings";
import type { Env } from "../../realtime/env";
import { badRequest, notFound } from "./http-error";

/**
 * The app store's integrations in D1 (migration 0005): each config sealed with SETTINGS_KEY
 * (db/apps/secret-box.ts), with a masked hint kept beside it for display. Nothing here returns
 * a secret to a caller outside the server: the API answers hints only.
 */
export interface EmailConfig {
  url: string;
  token?: string;
  from?: string;
}

export interface TargetConfig {
  webhook_url: string;
}

interface Row {
  id: string;
  kind: string;
  title: string;
  config: string;
  hint: string;
  created_at: string;
  updated_at: string;
}

export function keyOrThrow(env: Env): string {
  const key = settingsKey(env);
  if (!key) throw badRequest("The app store needs the SETTINGS_KEY secret (wrangler secret put SETTINGS_KEY)");
  return key;
}

export const EMAIL_ID = "email";
/** Cloudflare Turnstile for shared forms (issue 22): the site key is public, the secret key is sealed. */
export const TURNSTILE_ID = "turnstile";

/** OpenID Connect single sign-on (issue 41): functions/lib/oidc-config.ts reads and writes it. */
export const OIDC_ID = "oidc";

export interface TurnstileConfig {
  siteKey: string;
  secretKey: string;
}

export async function readEmailConfig(env: Env): Promise<EmailConfig | null> {
  const key = settingsKey(env);
  if (!key) return null;
  const row = await env.META.prepare("SELECT config FROM integrations WHERE id = ?")
    .bind(EMAIL_ID)
    .first<{ config: string }>();
  return row ? open<EmailConfig>(key, row.config) : null;
}

export function emailHint(c: EmailConfig) {
  return { url: maskUrl(c.url), from: c.from ?? "", token: maskSecret(c.token) };
}

export async function saveEmailConfig(env: Env, c: EmailConfig) {
  const ts = new Date().toISOString();
  await env.META.prepare(
    `INSERT INTO integrations (id, kind, title, config, hint, created_at, updated_at) VALUES (?, 'email', 'email', ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET config = excluded.config, hint = excluded.hint, updated_at = excluded.updated_at`,
  )
    .bind(EMAIL_ID, await seal(keyOrThrow(env), c), JSON.stringify(emailHint(c)), ts, ts)
    .run();
}

export async function readTurnstile(env: Env): Promise<TurnstileConfig | null> {
  const key = settingsKey(env);
  if (!key) return null;
  const row = await env.META.prepare("SELECT config FROM integrations WHERE id = ?")
    .bind(TURNSTILE_ID)
    .first<{ config: string }>();
  return row ? open<TurnstileConfig>(key, row.config) : null;
}

/** The site key is shown whole (every visitor's page carries it); the secret key only masked. */
export const turnstileHint = (c: TurnstileConfig) => ({ siteKey: c.siteKey, secretKey: maskSecret(c.secretKey) });

export async function saveTurnstile(env: Env, c: TurnstileConfig) {
  const ts = new Date().toISOString();
  await env.META.prepare(
    `INSERT INTO integrations (id, kind, title, config, hint, created_at, updated_at) VALUES (?, 'turnstile', 'turnstile', ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET config = excluded.config, hint = excluded.hint, updated_at = excluded.updated_at`,
  )
    .bind(TURNSTILE_ID, await seal(keyOrThrow(env), c), JSON.stringify(turnstileHint(c)), ts, ts)
    .run();
}

export async function deleteIntegration(env: Env, id: string) {
  const res = await env.META.prepare("DELETE FROM integrations WHERE id = ?").bind(id).run();
  if (!res.meta.changes) throw notFound("Integration not found");
}

const targetJson = (r: Row) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  ...(JSON.parse(r.hint) as TargetConfig),
  updated_at: r.updated_at,
});

export async function listIntegrations(env: Env) {
  const { results } = await env.META.prepare("SELECT * FROM integrations ORDER BY kind, title").all<Row>();
  const email = results.find((r) => r.id === EMAIL_ID);
  const turnstile = results.find((r) => r.id === TURNSTILE_ID);
  const oidc = results.find((r) => r.id === OIDC_ID);
  return {
    email: email
      ? { configured: true, ...(JSON.parse(email.hint) as ReturnType<typeof emailHint>), updated_at: email.updated_at }
      : { configured: false },
    turnstile: turnstile
      ? {
          configured: true,
          ...(JSON.parse(turnstile.hint) as ReturnType<typeof turnstileHint>),
          updated_at: turnstile.updated_at,
        }
      : { configured: false },
    // The hint holds everything but the client secret, which shows masked.
    oidc: oidc
      ? { configured: true, ...(JSON.parse(oidc.hint) as OidcHint), updated_at: oidc.updated_at }
      : { configured: false },
    targets: results.filter((r) => ![EMAIL_ID, TURNSTILE_ID, OIDC_ID].includes(r.id)).map(targetJson),
  };
}

export async function readTarget(env: Env, id: string): Promise<{ row: Row; config: TargetConfig }> {
  const row = await env.META.prepare("SELECT * FROM integrations WHERE id = ? AND id NOT IN (?, ?, ?)")
    .bind(id, EMAIL_ID, TURNSTILE_ID, OIDC_ID)
    .first<Row>();
  if (!row) throw notFound("Integration not found");
  const config = await open<TargetConfig>(keyOrThrow(env), row.config);
  if (!config) throw badRequest("This integration was saved under another SETTINGS_KEY: enter its URL again");
  return { row, config };
}

export async function saveTarget(env: Env, input: { id?: string; kind: string; title: string; webhook_url: string }) {
  const ts = new Date().toISOString();
  const id = input.id ?? `in_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
  const clash = await env.META.prepare("SELECT id FROM integrations WHERE kind = ? AND title = ? AND id != ?")
    .bind(input.kind, input.title, id)
    .first();
  if (clash) throw badRequest(`title: a ${input.kind} target named "${input.title}" exists already`);
  await env.META.prepare(
    `INSERT INTO integrations (id, kind, title, config, hint, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, config = excluded.config, hint = excluded.hint, updated_at = excluded.updated_at`,
  )
    .bind(
      id,
      input.kind,
      input.title,
      await seal(keyOrThrow(env), { webhook_url: input.webhook_url }),
      JSON.stringify({ webhook_url: maskUrl(input.webhook_url) }),
      ts,
      ts,
    )
    .run();
  return targetJson((await env.META.prepare("SELECT * FROM integrations WHERE id = ?").bind(id).first<Row>())!);
}
