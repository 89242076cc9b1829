import { sha256Hex } from "../../db/auth/bytes";

/**
 * The secret of a calendar's iCal feed: 32 random bytes as base64url (43 characters). It is the
 * feed's only credential, so the room keeps only its SHA-256 hash; the secret is answered once,
 * in the builder's address, when the feed is made.
 */
export function newFeedSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const feedHash = (secret: string) => sha256Hex(secret);

/** The feed's path under /api/v1/db/public. */
export const feedPath = (viewId: string, secret: string) =>
  `/api/v1/db/public/calendars/${encodeURIComponent(viewId)}/ical/${secret}.ics`;
