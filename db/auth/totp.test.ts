import { describe, expect, it } from "vitest";
import { normalRecoveryCode, newRecoveryCodes, recoveryCodeHash } from "./recovery-codes";
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUrl, totpAt } from "./totp";

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") and its codes, last 6 digits.
const RFC_SECRET = base32Encode(new TextEncoder().encode("12345678901234567890"));
const RFC_VECTORS: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC's codes", async () => {
    for (const [seconds, code] of RFC_VECTORS) expect(await totpAt(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it("gives RFC 4226's HOTP codes", async () => {
    const secret = new TextEncoder().encode("12345678901234567890");
    expect(await hotp(secret, 0)).toBe("755224");
    expect(await hotp(secret, 9)).toBe("520489");
  });

  it("round-trips base32 and reads what apps show", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, "$1 "))).toEqual(bytes);
    expect(base32Decode("ABC1")).toBeNull();
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("accepts one step of drift either side, and never a step already used", async () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    const code = await totpAt(RFC_SECRET, now);
    expect(await matchTotp(RFC_SECRET, code, now, 0)).toBe(step);
    expect(await matchTotp(RFC_SECRET, code.slice(0, 3) + " " + code.slice(3), now, 0)).toBe(step);
    expect(await matchTotp(RFC_SECRET, code, now + 30_000, 0)).toBe(step);
    expect(await matchTotp(RFC_SECRET, code, now + 60_000, 0)).toBeNull();
    expect(await matchTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(await matchTotp(RFC_SECRET, "12345", now, 0)).toBeNull();
    expect(await matchTotp(RFC_SECRET, "abcdef", now, 0)).toBeNull();
  });

  it("writes the key URI apps read", () => {
    const url = new URL(otpauthUrl("Gridbase", "ann@example.com", "JBSWY3DPEHPK3PXP"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Gridbase:ann@example.com");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: "JBSWY3DPEHPK3PXP",
      issuer: "Gridbase",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});

describe("recovery codes", () => {
  it("are ten distinct codes that read back however they are typed", async () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const typed = ` ${codes[0]!.toUpperCase().replace("-", " ")} `;
    expect(normalRecoveryCode(typed)).toBe(codes[0]!.replace("-", ""));
    expect(await recoveryCodeHash(normalRecoveryCode(typed)!)).toBe(await recoveryCodeHash(codes[0]!.replace("-", "")));
    expect(normalRecoveryCode("123456")).toBeNull();
  });
});
