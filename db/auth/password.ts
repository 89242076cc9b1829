import { constantTimeEqual, fromBase64, toBase64 } from "./bytes";

/**
 * Password hashing and strength rules. PBKDF2-SHA256 through WebCrypto because it is the only
 * slow KDF Workers offer natively; 100,000 iterations is the Workers runtime's cap.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = "pbkdf2-sha256";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Passwords that appear at the top of every breach list; refused outright. */
const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password12",
  "password123",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword",
  "12345678",
  "123456789",
  "1234567890",
  "0123456789",
  "87654321",
  "12341234",
  "11223344",
  "qwertyui",
  "qwertyuiop",
  "qwerty12",
  "qwerty123",
  "1q2w3e4r",
  "1qaz2wsx",
  "zaq12wsx",
  "asdfghjk",
  "asdfasdf",
  "abcd1234",
  "abc12345",
  "abcdefgh",
  "iloveyou",
  "sunshine",
  "princess",
  "football",
  "baseball",
  "superman",
  "starwars",
  "trustno1",
  "letmein1",
  "welcome1",
  "welcome123",
  "admin123",
  "administrator",
  "changeme",
  "computer",
  "internet",
  "whatever",
  "dragon12",
  "monkey12",
  "master12",
  "michelle",
  "jennifer",
  "shadow12",
]);

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, bits: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const out = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, bits);
  return new Uint8Array(out);
}

/** `pbkdf2-sha256$100000$<salt b64>$<hash b64>`, with a fresh random salt per call. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS, HASH_BITS);
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** True only when `stored` is a well-formed hash of `password`; malformed input is never an error. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? "").split("$");
  if (parts.length !== 4 || parts[0] !== SCHEME) return false;
  const iterations = Number(parts[1]);
  // Above the cap the runtime would throw; a stored value like that is corrupt, not a match.
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const salt = fromBase64(parts[2]!);
  const expected = fromBase64(parts[3]!);
  if (!salt || !expected || salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, iterations, expected.length * 8);
  return constantTimeEqual(actual, expected);
}

/**
 * A hash of a random password, verified against when the account does not exist so that a
 * sign-in for an unknown e-mail costs as much time as one with a wrong password. The string (not a
 * promise) is cached: Workers must not share pending promises between requests.
 */
let decoyHash: string | undefined;
export async function decoyPasswordHash(): Promise<string> {
  decoyHash ??= await hashPassword(crypto.randomUUID());
  return decoyHash;
}

/** The reason a password is refused (`Password : ...`, the contract's text; the web tidies it: web/lib/server-messages.ts), or null. */
export function passwordProblem(password: string): string | null {
  const chars = [...password];
  // The first text is the contract's exact message, trailing space included.
  if (chars.length < PASSWORD_MIN_LENGTH) return "Password : At least 8 letters. ";
  if (chars.length > PASSWORD_MAX_LENGTH) return `Password : At most ${PASSWORD_MAX_LENGTH} characters.`;
  if (chars.every((ch) => ch === chars[0])) return "Password : Must not be one character repeated.";
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return "Password : Too common, choose a less guessable one.";
  return null;
}
