import { describe, expect, it } from "vitest";
import { RETRYABLE_STATUSES, shouldRetry } from "./retry-policy";

describe("retry policy", () => {
  it("lists the SPEC 7 statuses", () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it("retries reads once, writes only when asked", () => {
    expect(shouldRetry("GET", 503, 0)).toBe(true);
    expect(shouldRetry("get", 503, 0)).toBe(true);
    expect(shouldRetry("GET", 503, 1)).toBe(false);
    expect(shouldRetry("GET", 404, 0)).toBe(false);
    for (const m of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(shouldRetry(m, 503, 0)).toBe(false);
      expect(shouldRetry(m, 503, 0, true)).toBe(true);
    }
  });
});
