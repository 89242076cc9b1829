import { jwtVerify, SignJWT } from "jose";
import { open, seal } from "../../db/apps/secret-box";
import { settingsKey } from "../../db/apps/settings-key";
import { newRecoveryCodes, normalRecoveryCode, recoveryCodeHash } from "../../db/auth/recovery-codes";
import { matchTotp, newTotpSecret, otpauthUrl } from "../../db/auth/totp";
import type { Env } from "../../realtime/env";
import { badRequest } from "./http-error";
import { secretKey } from "./jwt";
import type { SessionUser } from "./session-user";

/**
 * Two-factor sign-in in D1 (migration 0009): the sealed TOTP secret of a user, the last step a
 * code was accepted for, and hashed recovery codes. A sign-in that proved the password gets a
 * ticket (a JWT of five minutes bound to the user's token_version), which a code turns into a
 * session; nothing else accepts a ticket.
 */
const ISSUER = "Gridbase";
const TICKET_SECONDS = 300;
const TICKET_PURPOSE = "2fa";

interface TwoFactorRow {
  secret_sealed: string;
  enabled: number;
  last_step: number;
}

const now = () => new Date().toISOString();

function sealKey(env: Env): string {
  const key = settingsKey(env);
  if (!key) throw badRequest("Two-factor sign-in needs the SETTINGS_KEY secret (wrangler secret put SETTINGS_KEY)");
  return key;
}

async function row(db: D1Database, userId: string): Promise<TwoFactorRow | null> {
  return db
    .prepare("SELECT secret_sealed, enabled, last_step FROM user_two_factor WHERE user_id = ?")
    .bind(userId)
    .first<TwoFactorRow>();
}

export async function twoFactorOn(db: D1Database, userId: string): Promise<boolean> {
  return (await row(db, userId))?.enabled === 1;
}

/**
 * On or off, recovery codes left, and whether it is required of this user (by the instance's
 * switch `require_two_factor` or the super admin's for this user alone), in one query.
 */
export async function twoFactorStatus(db: D1Database, userId: string) {
  const found = await db
    .prepare(
      `SELECT (SELECT enabled FROM user_two_factor WHERE user_id = ?1) AS enabled,
         (SELECT count(*) FROM user_recovery_codes WHERE user_id = ?1 AND used_at IS NULL) AS left_codes,
         (SELECT value FROM app_settings WHERE key = 'require_two_factor') AS instance_required,
         (SELECT two_factor_required FROM users WHERE id = ?1) AS user_required`,
    )
    .bind(userId)
    .first<{ enabled: number | null; left_codes: number; instance_required: string | null; user_required: number }>();
  const enabled = found?.enabled === 1;
  const instance = found?.instance_required === "true" || found?.instance_required === "1";
  return {
    enabled,
    recovery_codes_left: enabled ? (found?.left_codes ?? 0) : 0,
    required: instance || found?.user_required === 1,
  };
}

/** Whether the user must set up two-factor sign-in before using the API: required, and not on. */
export async function twoFactorDue(db: D1Database, userId: string): Promise<boolean> {
  const { enabled, required } = await twoFactorStatus(db, userId);
  return required && !enabled;
}

/** A new secret waiting for its first code; replaces one not yet enabled. Refused once enabled. */
export async function startSetup(env: Env, user: SessionUser) {
  if (await twoFactorOn(env.META, user.id)) {
    throw badRequest("Two-factor sign-in is already on: turn it off first to set it up again");
  }
  const secret = newTotpSecret();
  await env.META.prepare(
    `INSERT INTO user_two_factor (user_id, secret_sealed, enabled, last_step, created_at) VALUES (?, ?, 0, 0, ?)
     ON CONFLICT(user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, enabled = 0, last_step = 0,
       created_at = excluded.created_at, enabled_at = NULL`,
  )
    .bind(user.id, await seal(sealKey(env), secret), now())
    .run();
  return { secret, otpauth_url: otpauthUrl(ISSUER, user.email, secret) };
}

/**
 * Whether a typed TOTP code is right for the user now, using it up: the step is stored only if
 * it is past the stored one (one UPDATE), so the same code sent twice at once works once.
 */
async function useTotp(env: Env, userId: string, state: TwoFactorRow, code: string): Promise<boolean> {
  const secret = await open<string>(sealKey(env), state.secret_sealed);
  if (!secret) throw badRequest("Two-factor sign-in was set up under another SETTINGS_KEY: ask an admin to reset it");
  const step = await matchTotp(secret, code, Date.now(), state.last_step);
  if (step === null) return false;
  const done = await env.META.prepare(
    "UPDATE user_two_factor SET last_step = ? WHERE user_id = ? AND last_step < ? RETURNING user_id",
  )
    .bind(step, userId, step)
    .first();
  return done !== null;
}

async function useRecoveryCode(db: D1Database, userId: string, code: string): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  if (!normal) return false;
  const done = await db
    .prepare(
      "UPDATE user_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL RETURNING user_id",
    )
    .bind(now(), userId, await recoveryCodeHash(normal))
    .first();
  return done !== null;
}

/** Whether `code` (a TOTP code, or a recovery code when allowed) proves the second factor; used up if so. */
export async function checkSecondFactor(env: Env, userId: string, code: string, recovery = true): Promise<boolean> {
  const state = await row(env.META, userId);
  if (!state?.enabled) return false;
  if (await useTotp(env, userId, state, code)) return true;
  return recovery && useRecoveryCode(env.META, userId, code);
}

/** The first code proves the app holds the secret: on, with ten new recovery codes (answered once). */
export async function enable(env: Env, userId: string, code: string): Promise<string[] | null> {
  const state = await row(env.META, userId);
  if (!state) throw badRequest("Set up two-factor sign-in first");
  if (state.enabled) throw badRequest("Two-factor sign-in is already on");
  if (!(await useTotp(env, userId, state, code))) return null;
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => recoveryCodeHash(c.replace("-", ""))));
  await env.META.batch([
    env.META.prepare("UPDATE user_two_factor SET enabled = 1, enabled_at = ? WHERE user_id = ?").bind(now(), userId),
    env.META.prepare("DELETE FROM user_recovery_codes WHERE user_id = ?").bind(userId),
    ...hashes.map((hash) =>
      env.META.prepare("INSERT INTO user_recovery_codes (user_id, code_hash) VALUES (?, ?)").bind(userId, hash),
    ),
  ]);
  return codes;
}

export async function disable(db: D1Database, userId: string): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM user_two_factor WHERE user_id = ?").bind(userId),
    db.prepare("DELETE FROM user_recovery_codes WHERE user_id = ?").bind(userId),
  ]);
}

export async function signinTicket(env: Env, user: SessionUser): Promise<string> {
  return new SignJWT({ purpose: TICKET_PURPOSE, tv: user.token_version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + TICKET_SECONDS)
    .sign(secretKey(env));
}

/** The user id and token_version a ticket was made for, or null for anything else (or expired). */
export async function readTicket(env: Env, ticket: string): Promise<{ userId: string; tokenVersion: string } | null> {
  try {
    const { payload } = await jwtVerify(ticket, secretKey(env), { algorithms: ["HS256"] });
    if (payload.purpose !== TICKET_PURPOSE || typeof payload.sub !== "string" || typeof payload.tv !== "string") {
      return null;
    }
    return { userId: payload.sub, tokenVersion: payload.tv };
  } catch {
    return null;
  }
}
