/**
 * Connection credentials at rest: AES-GCM with a 256-bit key derived (SHA-256) from the Worker
 * secret CONNECTION_KEY; a fixed development key only in local mode. The stored text is
 * `v1.<iv base64>.<ciphertext base64>`; a fresh 12-byte IV per encryption.
 */
import { bad } from "../errors";

const DEV_KEY = "gridbase-local-development-connection-key";

export function connectionSecret(env: { CONNECTION_KEY?: string; MODE?: string }): string {
  if (env.CONNECTION_KEY) return env.CONNECTION_KEY;
  if (env.MODE === "local") return DEV_KEY;
  throw bad("External databases need the CONNECTION_KEY secret (npx wrangler secret put CONNECTION_KEY)");
}

async function aesKey(secret: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function encryptJson(secret: string, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(secret), data));
  let text = "";
  // Chunked: String.fromCharCode(...big) overflows the stack on large certificates.
  for (let i = 0; i < sealed.length; i += 8192) text += String.fromCharCode(...sealed.subarray(i, i + 8192));
  return `v1.${b64(iv)}.${btoa(text)}`;
}

export async function decryptJson<T>(secret: string, stored: string): Promise<T> {
  const [v, iv, body] = stored.split(".");
  if (v !== "v1" || !iv || !body) throw new Error("Unknown connection encryption format");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv) }, await aesKey(secret), unb64(body));
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
