import { jwtVerify, SignJWT } from "jose";
import type { Env } from "../../realtime/env";
import type { SessionUser } from "./session-user";
import { HttpError } from "./http-error";

/** Used only when MODE=local, so a fresh clone runs without configuring secrets. */
const DEV_SECRET = "local-development-secret-not-for-production-use";

/**
 * A session token carries the user as the server knows it (contract 1.3 claims), and
 * `two_factor_due` when it was made for a user who must set up two-factor sign-in first: such a
 * session reaches only the set-up (middleware/acl.ts). Setting it up makes a new session without it.
 */
export type TokenClaims = SessionUser & { two_factor_due?: true };

/** The Worker's signing secret; also keys other server-made values (refresh successors). */
export function secretKey(env: Env): Uint8Array<ArrayBuffer> {
  const secret = env.JWT_SECRET || (env.MODE === "local" ? DEV_SECRET : "");
  if (!secret) throw new HttpError(500, "JWT_SECRET is not configured");
  return new TextEncoder().encode(secret) as Uint8Array<ArrayBuffer>;
}

export function tokenTtlSeconds(env: Env): number {
  const ttl = Number(env.JWT_TTL_SECONDS);
  return Number.isFinite(ttl) && ttl > 0 ? ttl : 3600;
}

export async function signSessionToken(env: Env, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + tokenTtlSeconds(env))
    .sign(secretKey(env));
}

/**
 * Tokens whose signature has been verified, per secret, with their expiry (seconds). Verifying an
 * HS256 token costs more than the rest of the Worker's part of a plain list request (profiled,
 * issue 14), and the same token comes back on every request of a session. Only the signature
 * and expiry are remembered: whether the user may still act (token_version after sign-out or a
 * password change, membership) is decided on every request after this, by the project room's
 * access gate or D1, so the memo can never outlive a revocation. Bounded, oldest dropped first.
 */
const verified = new Map<string, Map<string, { claims: TokenClaims; exp: number }>>();
export const VERIFIED_MAX = 2000;

/** Returns the claims of a valid, unexpired token, or null for anything else. */
export async function verifySessionToken(env: Env, token: string): Promise<TokenClaims | null> {
  const secret = env.JWT_SECRET || (env.MODE === "local" ? DEV_SECRET : "");
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map()));
  const hit = known.get(token);
  if (hit) {
    if (Date.now() / 1000 < hit.exp) return hit.claims;
    known.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secretKey(env), { algorithms: ["HS256"] });
    if (typeof payload.id !== "string" || typeof payload.token_version !== "string") return null;
    const claims = Object.freeze(payload) as unknown as TokenClaims;
    // A token without an expiry (none are made here) is re-verified after a minute.
    const exp = typeof payload.exp === "number" ? payload.exp : Date.now() / 1000 + 60;
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, { claims, exp });
    return claims;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return null;
  }
}
