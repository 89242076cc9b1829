import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../realtime/env";
import { signSessionToken, verifySessionToken } from "./jwt";

const env = (secret: string, ttl = "3600") => ({ JWT_SECRET: secret, JWT_TTL_SECONDS: ttl }) as unknown as Env;
const claims = {
  id: "us_1",
  email: "a@b.test",
  firstname: "",
  lastname: "",
  roles: "org-level-viewer",
  token_version: "v1",
};

describe("session token verification (memoised)", () => {
  afterEach(() => vi.useRealTimers());

  it("accepts a token again from memory, and only under the secret that signed it", async () => {
    const token = await signSessionToken(env("secret-one"), claims);
    const first = await verifySessionToken(env("secret-one"), token);
    expect(first).toMatchObject({ id: "us_1", token_version: "v1" });
    expect(await verifySessionToken(env("secret-one"), token)).toBe(first);
    // The memo is per secret: a rotated secret verifies the token afresh, and refuses it.
    expect(await verifySessionToken(env("secret-two"), token)).toBeNull();
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const token = await signSessionToken(env("secret-exp", "60"), claims);
    expect(await verifySessionToken(env("secret-exp", "60"), token)).not.toBeNull();
    vi.setSystemTime(new Date("2026-01-01T00:00:59Z"));
    expect(await verifySessionToken(env("secret-exp", "60"), token)).not.toBeNull();
    vi.setSystemTime(new Date("2026-01-01T00:01:01Z"));
    expect(await verifySessionToken(env("secret-exp", "60"), token)).toBeNull();
  });

  it("never takes a tampered token for a remembered one", async () => {
    const token = await signSessionToken(env("secret-three"), claims);
    expect(await verifySessionToken(env("secret-three"), token)).not.toBeNull();
    const [h, , s] = token.split(".");
    const forged = [h, btoa(JSON.stringify({ ...claims, roles: "super" })).replace(/=+$/, ""), s].join(".");
    expect(await verifySessionToken(env("secret-three"), forged)).toBeNull();
    expect(await verifySessionToken(env("secret-three"), `${token}x`)).toBeNull();
  });
});
