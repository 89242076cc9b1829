import type { Env } from "../../env";

/**
 * Signed, expiring links to uploads (DESIGN: files are private by default). A link is
 * `download/<path>?e=<expiry seconds>&s=<HMAC-SHA256(key + "\n" + expiry), base64url>` keyed with
 * the Worker secret ATTACHMENT_SECRET. Expiries are rounded up to the hour after an hour from
 * now, so a link lives 1 to 2 hours and stays the same within an hour: browsers reuse cached
 * thumbnails across page loads. Outside local mode there is no fallback key: without the secret
 * nothing is signed and every link is refused.
 */
const DEV_SECRET = "local-development-attachment-secret-not-for-production";
export const LINK_MIN_SECONDS = 3600;

export function attachmentSecret(env: Env): string | null {
  return env.ATTACHMENT_SECRET || (env.MODE === "local" ? DEV_SECRET : null);
}

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

const b64url = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

// Signatures repeat within the hour (same key, same expiry): remember the latest few thousand.
const memo = new Map<string, string>();
const MEMO_SIZE = 5000;

async function signature(secret: string, key: string, expiry: number): Promise<string> {
  const id = `${key}\n${expiry}`;
  const known = memo.get(`${secret.length}:${id}`);
  if (known) return known;
  const sig = b64url(await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(id)));
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  memo.set(`${secret.length}:${id}`, sig);
  return sig;
}

export function expiryFrom(nowSeconds: number): number {
  return Math.ceil((nowSeconds + LINK_MIN_SECONDS) / 3600) * 3600;
}

/** The signed relative link (`download/...?e=&s=`) of a `download/...` path. */
export async function signPath(secret: string, path: string, nowSeconds = Date.now() / 1000): Promise<string> {
  const expiry = expiryFrom(nowSeconds);
  return `${path}?e=${expiry}&s=${await signature(secret, path, expiry)}`;
}

export type LinkCheck = "ok" | "unsigned" | "expired" | "bad";

/** Checks a request for `download/<rest>`; the comparison is over the HMAC, in constant time. */
export async function checkLink(secret: string | null, path: string, e: string | undefined, s: string | undefined, nowSeconds = Date.now() / 1000): Promise<LinkCheck> {
  if (!e || !s) return "unsigned";
  if (!secret || !/^\d{1,12}$/.test(e) || !/^[A-Za-z0-9_-]{43}$/.test(s)) return "bad";
  const raw = Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "="), (ch) => ch.charCodeAt(0));
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), raw, new TextEncoder().encode(`${path}\n${e}`));
  if (!valid) return "bad";
  return Number(e) <= nowSeconds ? "expired" : "ok";
}
