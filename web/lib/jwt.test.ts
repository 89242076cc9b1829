import { describe, expect, it } from "vitest";
import { decodeToken, isTokenActive, tokenExpiresAt, tokenTimeLeft } from "./jwt";
import { makeToken, tokenExpiringIn } from "./testing/make-token";

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

describe("token decoding", () => {
  it("reads the user claims and expiry", () => {
    const token = tokenExpiringIn(3600, NOW);
    const payload = decodeToken(token);
    expect(payload).toMatchObject({
      id: "us_1",
      email: "ada@example.com",
      firstname: "Ada",
      lastname: "Lovelace",
      roles: "org-level-creator,super",
    });
    expect(tokenExpiresAt(payload)).toBe(Math.floor(NOW / 1000) * 1000 + 3600 * 1000);
  });

  it("decodes base64url with non-ASCII text", () => {
    const token = makeToken({
      id: "us_2",
      email: "z@example.com",
      firstname: "Zoë ✓",
      lastname: null,
      roles: { editor: true },
      exp: 1,
    });
    expect(decodeToken(token)).toMatchObject({ firstname: "Zoë ✓", lastname: null, roles: { editor: true } });
  });

  it("returns null for anything that is not a readable token", () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken("")).toBeNull();
    expect(decodeToken("abc")).toBeNull();
    expect(decodeToken("a.b")).toBeNull();
    expect(decodeToken("a.%%%.c")).toBeNull();
    expect(decodeToken(makeToken({ email: "no-id@example.com" }))).toBeNull();
  });
});

describe("token expiry", () => {
  it("is active only with a future expiry", () => {
    expect(isTokenActive(tokenExpiringIn(10, NOW), NOW)).toBe(true);
    expect(isTokenActive(tokenExpiringIn(-1, NOW), NOW)).toBe(false);
    expect(isTokenActive(tokenExpiringIn(0, NOW), Math.floor(NOW / 1000) * 1000)).toBe(false);
    expect(isTokenActive(makeToken({ id: "us_1", email: "a@b.c" }), NOW)).toBe(false);
    expect(isTokenActive("", NOW)).toBe(false);
    expect(isTokenActive(null, NOW)).toBe(false);
  });

  it("reports the time left", () => {
    const token = tokenExpiringIn(120, NOW);
    expect(tokenTimeLeft(token, Math.floor(NOW / 1000) * 1000)).toBe(120_000);
    expect(tokenTimeLeft("junk", NOW)).toBeNull();
  });
});
