import { storageKey } from "../fields/common/attachments";

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

export function attachmentSecret(env: { ATTACHMENT_SECRET?: string; MODE?: string }): string | null {
  return env.ATTACHMENT_SECRET || (env.MODE === "local" ? DEV_SECRET : null);
}

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

const b64url = (buf: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

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
export async function checkLink(
  secret: string | null,
  path: string,
  e: string | undefined,
  s: string | undefined,
  nowSeconds = Date.now() / 1000,
): Promise<LinkCheck> {
  if (!e || !s) return "unsigned";
  if (!secret || !/^\d{1,12}$/.test(e) || !/^[A-Za-z0-9_-]{43}$/.test(s)) return "bad";
  const raw = Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "="), (ch) => ch.charCodeAt(0));
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    raw,
    new TextEncoder().encode(`${path}\n${e}`),
  );
  if (!valid) return "bad";
  return Number(e) <= nowSeconds ? "expired" : "ok";
}

/**
 * Adds signed links to the attachment items of an API answer (rows, pages, lookups of
 * attachments): `signedPath` and `signedUrl` for the file, and `thumbnails.card` for an image's
 * thumbnail. An item is `{path: "download/...", title}` naming this project's own upload;
 * anything else (links to the web, other projects' paths) is left as it is.
 */
export interface SignContext {
  secret: string;
  projectId: string;
  /** The public origin for absolute `signedUrl`s; "" gives `signedPath` only (the room's broadcasts). */
  origin: string;
}

type Item = Record<string, unknown> & { path: string; title: string };

const isUpload = (v: unknown, projectId: string): v is Item =>
  !!v &&
  typeof v === "object" &&
  typeof (v as Item).path === "string" &&
  typeof (v as Item).title === "string" &&
  storageKey((v as Item).path, projectId) !== null;

async function signItem(ctx: SignContext, item: Item): Promise<Item> {
  const signedPath = await signPath(ctx.secret, item.path);
  const out: Item = { ...item, signedPath, ...(ctx.origin ? { signedUrl: `${ctx.origin}/${signedPath}` } : {}) };
  if (typeof item.thumbnail === "string" && storageKey(item.thumbnail, ctx.projectId)) {
    const thumb = await signPath(ctx.secret, item.thumbnail);
    out.thumbnails = { card: { signedPath: thumb, ...(ctx.origin ? { signedUrl: `${ctx.origin}/${thumb}` } : {}) } };
  }
  return out;
}

/**
 * Signs every upload item inside `value`, in place (the value is the room's answer, owned by
 * this request), and returns it. Depth-limited: values are at most rows holding lists of lists.
 */
export async function signValues<T>(ctx: SignContext, value: T): Promise<T> {
  const pending: Array<Promise<void>> = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        if (isUpload(item, ctx.projectId)) pending.push(signItem(ctx, item).then((signed) => void (v[i] = signed)));
        else walk(item, depth + 1);
      });
      return;
    }
    for (const inner of Object.values(v)) if (inner !== null && typeof inner === "object") walk(inner, depth + 1);
  };
  walk(value, 0);
  await Promise.all(pending);
  return value;
}
