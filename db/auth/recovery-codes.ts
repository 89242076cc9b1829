/**
 * Recovery codes of two-factor sign-in: ten single-use codes shown once, kept only as SHA-256
 * hashes. A code is 10 base32 letters shown as two groups of five ("k7mq2-x4tpa"); what a person
 * types is compared without case, spaces or dashes, so "K7MQ2 X4TPA" is the same code.
 */
import { base32Encode } from "./totp";

export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = base32Encode(crypto.getRandomValues(new Uint8Array(7)))
      .slice(0, 10)
      .toLowerCase();
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** The form a typed code is hashed in, or null when it cannot be a recovery code. */
export function normalRecoveryCode(typed: string): string | null {
  const clean = typed.replace(/[\s-]/g, "").toLowerCase();
  return /^[a-z2-7]{10}$/.test(clean) ? clean : null;
}

export async function recoveryCodeHash(normal: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`gridbase-recovery:${normal}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
