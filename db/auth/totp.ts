/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226), as every authenticator app reads them
 * from an `otpauth://` URL. Rules:
 * - HMAC-SHA-1, 6 digits, 30-second steps; a 20-byte secret written in RFC 4648 base32 without
 *   padding;
 * - a code is accepted for the current step and one step either side (a phone's clock drifts);
 * - a step at or below the last one used is refused, so a code (or an older one) never works twice:
 *   the caller keeps the step this returns and passes it back next time.
 */
const DIGITS = 6;
const STEP_SECONDS = 30;
const DRIFT_STEPS = 1;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as apps show it: any case, spaces and padding ignored; null for another letter. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A new secret: 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

/** The code of one counter value (RFC 4226 dynamic truncation). */
export async function hotp(secret: Uint8Array, counter: number): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const key = await crypto.subtle.importKey(
    "raw",
    secret as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const offset = mac[mac.length - 1]! & 15;
  const binary = ((mac[offset]! & 127) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / STEP_SECONDS);

/** The code an app shows at `nowMs` for a base32 secret. */
export async function totpAt(secret: string, nowMs: number): Promise<string> {
  const bytes = base32Decode(secret);
  if (!bytes) throw new Error("not a base32 secret");
  return hotp(bytes, totpStep(nowMs));
}

/**
 * The step a typed code belongs to (within the drift window and after `lastStep`), or null. The
 * code is compared whole: spaces a person types between the digit groups are dropped first.
 */
export async function matchTotp(
  secret: string,
  typed: string,
  nowMs: number,
  lastStep: number,
): Promise<number | null> {
  const code = typed.replace(/\s/g, "");
  const bytes = base32Decode(secret);
  if (!bytes || !/^\d{6}$/.test(code)) return null;
  const now = totpStep(nowMs);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (step > lastStep && (await hotp(bytes, step)) === code) return step;
  }
  return null;
}

/** The URL an authenticator app reads from the QR code (Google Authenticator's key URI format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(DIGITS),
    period: String(STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
