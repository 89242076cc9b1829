import { describe, expect, it } from "vitest";
import { metaFits, utf8Bytes } from "./limits";

describe("size limits", () => {
  it("counts UTF-8 bytes as the database stores them", () => {
    for (const s of ["", "abc", "Ünïcødé", "日本語", "🍕x", "a\u0000b"])
      expect(utf8Bytes(s)).toBe(new TextEncoder().encode(s).length);
  });
  it("measures meta as JSON text", () => {
    expect(metaFits({ a: "x".repeat(1000) })).toBe(true);
    expect(metaFits({ a: "x".repeat(70_000) })).toBe(false);
    expect(metaFits("x".repeat(70_000))).toBe(false);
  });
});
