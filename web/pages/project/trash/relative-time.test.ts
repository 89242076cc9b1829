import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime", () => {
  const now = Date.parse("2026-01-10T12:00:00Z");
  it("says how long ago in the reader's language, in the largest unit that fits", () => {
    expect(relativeTime("2026-01-10T11:57:00Z", "en", now)).toBe("3 minutes ago");
    expect(relativeTime("2026-01-09T12:00:00Z", "en", now)).toBe("yesterday");
    expect(relativeTime("2026-01-10T11:59:59Z", "en", now)).toBe("now");
    expect(relativeTime("2026-01-08T12:00:00Z", "de", now)).toBe("vorgestern");
  });
});
