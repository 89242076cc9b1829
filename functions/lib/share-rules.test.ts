import { describe, expect, it } from "vitest";
import { frameAncestors, isExpired, rulesOf, submitAccessOf } from "./share-rules";

describe("share rules", () => {
  it("expires at the chosen moment, never without one", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(isExpired({ expiresAt: "2026-11-25T11:59:59Z" }, now)).toBe(true);
    expect(isExpired({ expiresAt: "2026-11-25T13:00:00+01:00" }, now)).toBe(true);
    expect(isExpired({ expiresAt: "2026-11-25T12:00:01Z" }, now)).toBe(false);
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
    expect(isExpired({}, now)).toBe(false);
  });

  it("frames only in this site unless embedding is on; then the list, or any site when it is empty", () => {
    expect(frameAncestors(null)).toBe("'self'");
    expect(frameAncestors({ embedOrigins: ["https://a.example"] })).toBe("'self'");
    expect(frameAncestors({ allowEmbed: true })).toBe("*");
    expect(frameAncestors({ allowEmbed: true, embedOrigins: ["https://a.example", "https://*.b.example:8443"] })).toBe(
      "'self' https://a.example https://*.b.example:8443",
    );
    // A stored value that is not an origin never reaches the header (no `;` adding a directive).
    expect(frameAncestors({ allowEmbed: true, embedOrigins: ["https://a.example; script-src *"] })).toBe("'self'");
  });

  it("reads the stored options and defaults who may submit to anyone", () => {
    expect(rulesOf("not json")).toEqual({});
    expect(submitAccessOf(rulesOf('{"submitAccess":"members"}'))).toBe("members");
    expect(submitAccessOf({})).toBe("anyone");
  });
});
