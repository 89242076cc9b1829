import { describe, expect, it } from "vitest";
import { constantTimeEqual, fromBase64, sha256Hex, toBase64 } from "./bytes";
import { decoyPasswordHash, hashPassword, PBKDF2_ITERATIONS, passwordProblem, verifyPassword } from "./password";

describe("hashPassword / verifyPassword", () => {
  it("stores scheme, iterations, a 16-byte salt and a 32-byte hash", async () => {
    const stored = await hashPassword("correct horse battery");
    const [scheme, iterations, salt, hash] = stored.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(fromBase64(salt!)?.length).toBe(16);
    expect(fromBase64(hash!)?.length).toBe(32);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash differently", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("verifies a hash made with fewer iterations (stored value decides)", async () => {
    const salt = toBase64(new Uint8Array(16).fill(7));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("older hash"), "PBKDF2", false, [
      "deriveBits",
    ]);
    const bits = await crypto.subtle.deriveBits(
      { name: "PBKDF2", hash: "SHA-256", salt: fromBase64(salt)!, iterations: 1000 },
      key,
      256,
    );
    const stored = `pbkdf2-sha256$1000$${salt}$${toBase64(new Uint8Array(bits))}`;
    expect(await verifyPassword("older hash", stored)).toBe(true);
  });

  it("treats malformed or missing hashes as no match, never as an error", async () => {
    for (const bad of [
      null,
      undefined,
      "",
      "plain",
      "bcrypt$10$abc$def",
      "pbkdf2-sha256$x$AAAA$AAAA",
      "pbkdf2-sha256$100001$AAAAAAAAAAAAAAAAAAAAAA==$AAAA",
      "pbkdf2-sha256$1000$!!$AAAA",
      "pbkdf2-sha256$1000$$",
    ]) {
      expect(await verifyPassword("anything", bad)).toBe(false);
    }
  });

  it("has a decoy hash that matches nothing guessable and is reused", async () => {
    const decoy = await decoyPasswordHash();
    expect(decoy).toBe(await decoyPasswordHash());
    expect(await verifyPassword("password", decoy)).toBe(false);
  });
});

describe("passwordProblem", () => {
  it("accepts a reasonable password", () => {
    expect(passwordProblem("Tr1cky-Passphrase")).toBeNull();
    expect(passwordProblem("a".repeat(7) + "b")).toBeNull();
  });

  it("refuses short passwords with the contract's exact message", () => {
    expect(passwordProblem("")).toBe("Password : At least 8 letters. ");
    expect(passwordProblem("Ab1!xyz")).toBe("Password : At least 8 letters. ");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordProblem("😀😀😀😀abc")).toBe("Password : At least 8 letters. ");
  });

  it("refuses over-long, repeated and common passwords", () => {
    expect(passwordProblem("x1".repeat(65))).toBe("Password : At most 128 characters.");
    expect(passwordProblem("x1".repeat(64))).toBeNull();
    expect(passwordProblem("aaaaaaaaaa")).toBe("Password : Must not be one character repeated.");
    expect(passwordProblem("Password1")).toMatch(/^Password : Too common/);
    expect(passwordProblem("12345678")).toMatch(/^Password : Too common/);
  });

  it("always starts its messages with 'Password : '", () => {
    for (const p of ["", "a".repeat(200), "zzzzzzzz", "qwerty123"]) expect(passwordProblem(p)).toMatch(/^Password : /);
  });
});

describe("byte helpers", () => {
  it("round-trips base64 and rejects non-base64", () => {
    const bytes = new Uint8Array([0, 1, 254, 255, 128]);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(fromBase64("not base64!")).toBeNull();
    expect(fromBase64("abc")).toBeNull();
  });

  it("compares in constant time by content", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1]), new Uint8Array([1, 2]))).toBe(false);
  });

  it("hashes text with SHA-256 as lower-case hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
