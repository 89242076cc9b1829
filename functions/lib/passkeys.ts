import type { Context } from "hono";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { AppEnv } from "../types";
import { badRequest } from "./http-error";
import type { SessionUser } from "./session-user";
import { siteUrl } from "./site-url";

/**
 * Passkeys (WebAuthn, issue 41) in D1 (migration 0012_passkeys): credentials per user and the
 * challenges handed out. A challenge serves one ceremony of one purpose: the verify that presents
 * it deletes it (one DELETE … RETURNING), so a replayed response finds nothing, whatever it holds.
 * The relying party is the site URL's host and origin, so a passkey made here works nowhere else.
 */
const RP_NAME = "Gridbase";
const CHALLENGE_SECONDS = 300;
export type ChallengePurpose = "register" | "signin" | "2fa";

export const PASSKEY_NOT_VERIFIED = "This passkey could not be verified: try again";
const UNKNOWN = "This passkey is not registered here";
const CLONED = "This passkey reported an old signature count (it may have been copied): sign in another way";

export interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** What the list shows: never the public key (nothing secret, but nothing for the user either). */
export interface PasskeyItem {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

function relyingParty(c: Context<AppEnv>): { rpID: string; origin: string } {
  const origin = siteUrl(c);
  return { rpID: new URL(origin).hostname, origin };
}

const now = () => new Date().toISOString();

async function keepChallenge(db: D1Database, challenge: string, purpose: ChallengePurpose, userId: string | null) {
  const at = Date.now();
  await db.batch([
    db.prepare("DELETE FROM passkey_challenges WHERE expires_at < ?").bind(at),
    db
      .prepare("INSERT INTO passkey_challenges (challenge, purpose, user_id, expires_at) VALUES (?, ?, ?, ?)")
      .bind(challenge, purpose, userId, at + CHALLENGE_SECONDS * 1000),
  ]);
}

/**
 * The check handed to the verifier: true only for a live challenge of this purpose (and user, when
 * one is bound), taken in the same statement so it never works twice.
 */
function takeChallenge(db: D1Database, purpose: ChallengePurpose, userId: string | null) {
  return async (challenge: string): Promise<boolean> => {
    const taken = await db
      .prepare(
        `DELETE FROM passkey_challenges WHERE challenge = ? AND purpose = ? AND expires_at >= ?
           AND user_id IS ? RETURNING challenge`,
      )
      .bind(challenge, purpose, Date.now(), userId)
      .first();
    return taken !== null;
  };
}

export async function listPasskeys(db: D1Database, userId: string): Promise<PasskeyItem[]> {
  const { results } = await db
    .prepare("SELECT id, name, created_at, last_used_at FROM user_passkeys WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<PasskeyItem>();
  return results;
}

/** Whose credential an assertion names (before it is verified: to count a refusal against them). */
export async function passkeyOwner(db: D1Database, credentialId: string) {
  return db
    .prepare("SELECT u.id, u.email FROM user_passkeys k JOIN users u ON u.id = k.user_id WHERE k.id = ?")
    .bind(credentialId)
    .first<{ id: string; email: string }>();
}

export async function hasPasskey(db: D1Database, userId: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM user_passkeys WHERE user_id = ? LIMIT 1").bind(userId).first()) !== null;
}

async function credentialsOf(db: D1Database, userId: string) {
  const { results } = await db
    .prepare("SELECT id, transports FROM user_passkeys WHERE user_id = ?")
    .bind(userId)
    .all<{ id: string; transports: string | null }>();
  return results.map((r) => ({ id: r.id, transports: r.transports ? (JSON.parse(r.transports) as string[]) : [] }));
}

/** Options for navigator.credentials.create: a discoverable key, user verification required. */
export async function registrationOptions(c: Context<AppEnv>, user: SessionUser) {
  const { rpID } = relyingParty(c);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id) as Uint8Array<ArrayBuffer>,
    userDisplayName: [user.firstname, user.lastname].filter(Boolean).join(" ") || user.email,
    attestationType: "none",
    excludeCredentials: await credentialsOf(c.env.META, user.id),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(c.env.META, options.challenge, "register", user.id);
  return options;
}

/** A verified new credential, stored under the user; null when the response does not verify. */
export async function registerPasskey(
  c: Context<AppEnv>,
  user: SessionUser,
  response: RegistrationResponseJSON,
  name: string,
): Promise<PasskeyItem | null> {
  const { rpID, origin } = relyingParty(c);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: takeChallenge(c.env.META, "register", user.id),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  const { credential } = verified.registrationInfo;
  const item = { id: credential.id, name, created_at: now(), last_used_at: null };
  const inserted = await c.env.META.prepare(
    `INSERT INTO user_passkeys (id, user_id, public_key, counter, transports, name, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING RETURNING id`,
  )
    .bind(
      credential.id,
      user.id,
      isoBase64URL.fromBuffer(credential.publicKey),
      credential.counter,
      credential.transports ? JSON.stringify(credential.transports) : null,
      name,
      item.created_at,
    )
    .first();
  if (!inserted) throw badRequest("This passkey is already registered");
  return item;
}

/**
 * Options for navigator.credentials.get. For sign-in none are listed (the authenticator offers its
 * discoverable keys, no e-mail asked); for a second factor, the ticket user's keys.
 */
export async function authenticationOptions(c: Context<AppEnv>, purpose: "signin" | "2fa", userId: string | null) {
  const { rpID } = relyingParty(c);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    allowCredentials: userId ? await credentialsOf(c.env.META, userId) : [],
  });
  await keepChallenge(c.env.META, options.challenge, purpose, userId);
  return options;
}

/**
 * The user id an assertion proves, after the counter check: a counter that does not grow (when the
 * authenticator keeps one) means two copies of the key exist, and the sign-in is refused. The new
 * counter is stored only if it is still past the stored one, so two assertions at once pass once.
 * `userId` binds a second-factor assertion to the ticket's user.
 */
export async function verifyPasskey(
  c: Context<AppEnv>,
  purpose: "signin" | "2fa",
  response: AuthenticationResponseJSON,
  userId: string | null,
): Promise<{ userId: string; passkey: PasskeyItem }> {
  const db = c.env.META;
  const row = await db.prepare("SELECT * FROM user_passkeys WHERE id = ?").bind(response.id).first<PasskeyRow>();
  if (!row || (userId !== null && row.user_id !== userId)) throw badRequest(UNKNOWN);
  // A discoverable key names its user; it must be the credential's owner.
  const handle = response.response.userHandle;
  if (handle && isoBase64URL.toUTF8String(handle) !== row.user_id) throw badRequest(UNKNOWN);
  const { rpID, origin } = relyingParty(c);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge(db, purpose, userId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: row.id,
        publicKey: isoBase64URL.toBuffer(row.public_key),
        counter: row.counter,
        transports: row.transports ? (JSON.parse(row.transports) as string[]) : undefined,
      } as Parameters<typeof verifyAuthenticationResponse>[0]["credential"],
    });
  } catch (e) {
    if (e instanceof Error && /counter/i.test(e.message)) throw badRequest(CLONED);
    throw badRequest(PASSKEY_NOT_VERIFIED);
  }
  if (!verified.verified) throw badRequest(PASSKEY_NOT_VERIFIED);
  const { newCounter } = verified.authenticationInfo;
  const usedAt = now();
  const updated = await db
    .prepare(
      `UPDATE user_passkeys SET counter = ?1, last_used_at = ?2 WHERE id = ?3 AND (counter < ?1 OR ?1 = 0)
       RETURNING id`,
    )
    .bind(newCounter, usedAt, row.id)
    .first();
  if (!updated) throw badRequest(CLONED);
  return {
    userId: row.user_id,
    passkey: { id: row.id, name: row.name, created_at: row.created_at, last_used_at: usedAt },
  };
}

/** Removes one of the user's own passkeys; false when it is not theirs (or does not exist). */
export async function deletePasskey(db: D1Database, userId: string, id: string): Promise<string | null> {
  const gone = await db
    .prepare("DELETE FROM user_passkeys WHERE id = ? AND user_id = ? RETURNING name")
    .bind(id, userId)
    .first<{ name: string }>();
  return gone?.name ?? null;
}

/**
 * All of a user's passkeys go (the super admin's two-factor reset: the lost phone may hold one too);
 * answers how many there were.
 */
export async function deleteAllPasskeys(db: D1Database, userId: string): Promise<number> {
  const gone = await db.prepare("DELETE FROM user_passkeys WHERE user_id = ?").bind(userId).run();
  return gone.meta.changes ?? 0;
}
