import type { Env } from "../../realtime/env";
import { secretKey } from "./jwt";

/** URL-safe base64 without padding, for values that travel in cookies, form fields and headers. */
export const b64url = (bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/**
 * An HMAC of `text` under the Worker's secret. The purpose is part of the signed text, so a value
 * signed for one use (a form's start token, a browser's sign-in mark) is never valid as another.
 */
export async function macOf(env: Env, purpose: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secretKey(env), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return b64url(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${purpose}|${text}`)));
}

/** Compares two texts in time independent of where they differ. */
export function equalText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
