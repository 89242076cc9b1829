/**
 * Client-side reading of the session JWT (API-CONTRACT 1.3). The signature is the server's
 * business: the browser only needs the user claims and the expiry.
 */

export interface TokenPayload {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** A comma string ("org-level-creator,super") or, from some servers, an object map. */
  roles: string | Record<string, boolean> | null;
  token_version?: string;
  iat?: number;
  exp?: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when the text is not a readable token with a user id. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as unknown;
    if (!payload || typeof payload !== "object") return null;
    const p = payload as Record<string, unknown>;
    if (typeof p.id !== "string" || typeof p.email !== "string") return null;
    return {
      id: p.id,
      email: p.email,
      firstname: typeof p.firstname === "string" ? p.firstname : null,
      lastname: typeof p.lastname === "string" ? p.lastname : null,
      roles:
        typeof p.roles === "string" || (p.roles && typeof p.roles === "object")
          ? (p.roles as TokenPayload["roles"])
          : null,
      token_version: typeof p.token_version === "string" ? p.token_version : undefined,
      iat: typeof p.iat === "number" ? p.iat : undefined,
      exp: typeof p.exp === "number" ? p.exp : undefined,
    };
  } catch {
    return null;
  }
}

/** Expiry in epoch milliseconds, or null when the token carries none. */
export function tokenExpiresAt(payload: TokenPayload | null): number | null {
  return payload?.exp === undefined ? null : payload.exp * 1000;
}

/** SPEC 4: signed in = a non-empty token whose expiry is in the future. */
export function isTokenActive(token: string | null | undefined, nowMs: number): boolean {
  const expiresAt = tokenExpiresAt(decodeToken(token));
  return expiresAt !== null && expiresAt > nowMs;
}

/** Milliseconds left before expiry (negative when expired), or null for no usable token. */
export function tokenTimeLeft(token: string | null | undefined, nowMs: number): number | null {
  const expiresAt = tokenExpiresAt(decodeToken(token));
  return expiresAt === null ? null : expiresAt - nowMs;
}
