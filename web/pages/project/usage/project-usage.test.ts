import { describe, expect, it } from "vitest";
import { byteSize, nearlyFull, usedShare } from "./project-usage";

describe("project usage", () => {
  it("writes sizes in decimal units with at most one decimal, in the reader's language", () => {
    expect(byteSize(512, "en")).toBe("512 byte");
    expect(byteSize(12_345_678, "en")).toBe("12.3 MB");
    expect(byteSize(10_000_000_000, "en")).toBe("10 GB");
    expect(byteSize(123_456_789, "en")).toBe("123 MB");
    expect(byteSize(4_100_000_000, "fr")).toMatch(/^4,1\s?Go$/);
    expect(byteSize(4_100_000_000, "pt_BR")).toMatch(/^4,1\sGB$/);
    // An app code Intl does not know still gives a size.
    expect(byteSize(2_000, "xx_YY")).toMatch(/^2\s?kB$/);
  });

  it("is nearly full from nine tenths of the limit", () => {
    expect(usedShare({ database_bytes: 5, database_limit_bytes: 10 })).toBe(0.5);
    expect(nearlyFull({ database_bytes: 8_999, database_limit_bytes: 10_000 })).toBe(false);
    expect(nearlyFull({ database_bytes: 9_000, database_limit_bytes: 10_000 })).toBe(true);
    expect(nearlyFull({ database_bytes: 1, database_limit_bytes: 0 })).toBe(true);
  });
});
