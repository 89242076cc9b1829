import { jwtVerify, SignJWT } from "jose";
import type { Env } from "../env";
import type { SessionUser } from "./session-user";
import { HttpError } from "./http-error";

/** Used only when MODE=local, so a fresh clone runs without configuring secrets. */
const DEV_SECRET = "local-development-secret-not-for-production-use";

/** A session token carries the user as the server knows it (contract 1.3 claims). */
export type TokenClaims = SessionUser;

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

/** Returns the claims of a valid, unexpired token, or null for anything else. */
export async function verifySessionToken(env: Env, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), { algorithms: ["HS256"] });
    if (typeof payload.id !== "string" || typeof payload.token_version !== "string") return null;
    return payload as unknown as TokenClaims;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return null;
  }
}
