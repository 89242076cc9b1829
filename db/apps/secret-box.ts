/**
 * Settings encrypted at rest: AES-GCM with a 256-bit key derived (SHA-256) from the SETTINGS_KEY
 * secret, a fresh 96-bit IV per value, stored as `v1.<iv base64>.<ciphertext base64>`. A value
 * sealed under another key, or altered, does not open (null).
 */
const enc = new TextEncoder();
const dec = new TextDecoder();

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

async function keyOf(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest("SHA-256", enc.encode(`gridbase-settings:${secret}`));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function seal(secret: string, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await keyOf(secret),
    enc.encode(JSON.stringify(value)),
  );
  return `v1.${b64(iv)}.${b64(new Uint8Array(data))}`;
}

export async function open<T = unknown>(secret: string, sealed: string): Promise<T | null> {
  const [version, iv, data] = sealed.split(".");
  if (version !== "v1" || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv) }, await keyOf(secret), unb64(data));
    return JSON.parse(dec.decode(plain)) as T;
  } catch {
    return null;
  }
}

/** A secret as it may be shown back: its last 4 characters at most, the rest hidden. */
export function maskSecret(value: string | null | undefined): string {
  if (!value) return "";
  return value.length <= 8 ? "••••" : `••••${value.slice(-4)}`;
}

/** A URL as it may be shown back: scheme and host, the path (which carries the secret) hidden. */
export function maskUrl(value: string | null | undefined): string {
  if (!value) return "";
  try {
    const u = new URL(value);
    return `${u.protocol}//${u.host}/••••${value.length > 12 ? value.slice(-4) : ""}`;
  } catch {
    return maskSecret(value);
  }
}
