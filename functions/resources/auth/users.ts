import { appSetting } from "../../lib/app-settings";
import { newId, randomHex } from "../../../db/ids";
import type { Env } from "../../../realtime/env";
import type { SessionUser } from "../../types";

/** A whole stored user row. Server-side only: it holds hashes, so it is never returned as is. */
export interface UserRow extends SessionUser {
  password_hash: string | null;
  email_verified: number;
  provider: string | null;
  invite_token: string | null;
  invite_expires_at: number | null;
  reset_token_hash: string | null;
  reset_expires_at: number | null;
}

export const FIRST_USER_ROLES = "org-level-creator,super";
/** SaaS tenants create their own projects, so self-sign-ups may create (unlike upstream's viewer). */
export const SIGNUP_ROLES = "org-level-creator";

export const nowIso = () => new Date().toISOString();
/** A new value for users.token_version; every JWT carrying the old one stops working. */
export const newTokenVersion = () => randomHex(12);

export async function findUserByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<UserRow>();
}

export async function findUserByIdFull(db: D1Database, id: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRow>();
}

/** Invite-only sign-up: the INVITE_ONLY_SIGNUP var or the app setting `invite_only_signup`. */
export async function isInviteOnly(env: Env): Promise<boolean> {
  return env.INVITE_ONLY_SIGNUP === "true" || appSetting(env.META, "invite_only_signup");
}

export async function hasAnyUser(db: D1Database): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM users LIMIT 1").first()) !== null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstname?: string | null;
  lastname?: string | null;
  provider?: string | null;
  emailVerified?: boolean;
  /** The org roles of a user who is not the first (default SIGNUP_ROLES; SSO sets its own). */
  roles?: string;
}

/**
 * Inserts a self-signed-up user. The roles are decided inside the INSERT, so two simultaneous
 * first sign-ups cannot both become super admin. Returns null when the e-mail is already taken.
 */
export async function createUser(db: D1Database, u: NewUser): Promise<UserRow | null> {
  const now = nowIso();
  try {
    return await db
      .prepare(
        `INSERT INTO users (id, email, password_hash, firstname, lastname, roles, token_version, email_verified,
           provider, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5,
           CASE WHEN EXISTS (SELECT 1 FROM users) THEN ?6 ELSE ?7 END,
           ?8, ?9, ?10, ?11, ?11)
         RETURNING *`,
      )
      .bind(
        newId("us_"),
        u.email,
        u.passwordHash,
        u.firstname ?? null,
        u.lastname ?? null,
        u.roles ?? SIGNUP_ROLES,
        FIRST_USER_ROLES,
        newTokenVersion(),
        u.emailVerified ? 1 : 0,
        u.provider ?? null,
        now,
      )
      .first<UserRow>();
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: users\.email/.test(err.message)) return null;
    throw err;
  }
}

/**
 * Rotates token_version so that every session token issued so far is refused; answers the user as
 * now (null when gone), so a caller that stays signed in can sign its new token.
 */
export async function rotateTokenVersion(db: D1Database, userId: string): Promise<UserRow | null> {
  return db
    .prepare("UPDATE users SET token_version = ?, updated_at = ? WHERE id = ? RETURNING *")
    .bind(newTokenVersion(), nowIso(), userId)
    .first<UserRow>();
}
