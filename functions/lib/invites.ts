import { newId } from "../../db/ids";
import type { Env } from "../../realtime/env";
import { createMailer } from "./mailer";

const INVITE_TTL_MS = 24 * 3600 * 1000;

export interface InvitedUser {
  id: string;
  email: string;
  /** Set when the person has no account yet and must complete sign-up through the link. */
  inviteToken: string | null;
}

/**
 * Finds the account of `email`, or creates a pending one with an invitation token valid 24 hours
 * (completed through `/signup/<token>`, contract 3.1).
 */
export async function findOrInvite(db: D1Database, email: string, orgRoles: string): Promise<InvitedUser> {
  const existing = await db
    .prepare("SELECT id, email, invite_token FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string; email: string; invite_token: string | null }>();
  if (existing) return { id: existing.id, email: existing.email, inviteToken: existing.invite_token };
  const id = newId("us_");
  const token = crypto.randomUUID();
  const ts = new Date().toISOString();
  await db
    .prepare(
      `INSERT INTO users (id, email, roles, token_version, invite_token, invite_expires_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(id, email, orgRoles, crypto.randomUUID(), token, Date.now() + INVITE_TTL_MS, ts, ts)
    .run();
  return { id, email, inviteToken: token };
}

/** A fresh token and expiry for a pending invitation; null when the person already has an account. */
export async function renewInvite(db: D1Database, userId: string): Promise<string | null> {
  const token = crypto.randomUUID();
  const res = await db
    .prepare("UPDATE users SET invite_token = ?, invite_expires_at = ? WHERE id = ? AND invite_token IS NOT NULL")
    .bind(token, Date.now() + INVITE_TTL_MS, userId)
    .run();
  return res.meta.changes ? token : null;
}

/**
 * Mails the invitation: a sign-up link for new people, a link to the place for existing accounts.
 * The sign-up link carries the invited address (`?email=`) so the page fills it in; the token
 * alone decides who may sign up with it, and the address is the recipient's own.
 */
export async function mailInvite(env: Env, site: string, user: InvitedUser, what: string, path: string) {
  const link = user.inviteToken
    ? `${site}/signup/${user.inviteToken}?email=${encodeURIComponent(user.email)}`
    : `${site}${path}`;
  const action = user.inviteToken ? "Create your account to join" : "Open it";
  await createMailer(env).send({
    to: user.email,
    subject: `You have been invited to ${what}`,
    text: `You have been invited to ${what} on Gridbase.\n\n${action}: ${link}\n`,
    link,
  });
}
