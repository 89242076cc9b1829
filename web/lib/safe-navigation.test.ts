import { describe, expect, it } from "vitest";
import { isSafeNavigationTarget, isScriptUrl, safeInternalPath } from "./safe-navigation";

const ORIGIN = "https://app.example.com";

describe("safe navigation", () => {
  it("accepts in-app paths and same-origin URLs as paths", () => {
    expect(safeInternalPath("/account/users", ORIGIN)).toBe("/account/users");
    expect(safeInternalPath("/nc/p_1/table/Orders?x=1#top", ORIGIN)).toBe("/nc/p_1/table/Orders?x=1#top");
    expect(safeInternalPath("https://app.example.com/user", ORIGIN)).toBe("/user");
    expect(safeInternalPath("  /user  ", ORIGIN)).toBe("/user");
    expect(safeInternalPath("user", "https://app.example.com/")).toBe("/user");
  });

  it("refuses external origins", () => {
    expect(safeInternalPath("https://evil.example.net/", ORIGIN)).toBeNull();
    expect(safeInternalPath("http://app.example.com/", ORIGIN)).toBeNull(); // other scheme = other origin
    expect(safeInternalPath("https://app.example.com:8443/", ORIGIN)).toBeNull();
    expect(safeInternalPath("//evil.example.net/path", ORIGIN)).toBeNull();
    expect(safeInternalPath("/\\evil.example.net", ORIGIN)).toBeNull();
    expect(safeInternalPath("\\\\evil.example.net", ORIGIN)).toBeNull();
    expect(safeInternalPath("https://user:pw@app.example.com/", ORIGIN)).toBeNull();
  });

  it("refuses script and local protocols, however disguised", () => {
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "blob:https://app.example.com/uuid",
      "file:///etc/passwd",
    ]) {
      expect(isScriptUrl(url), url).toBe(true);
      expect(safeInternalPath(url, ORIGIN), url).toBeNull();
      expect(isSafeNavigationTarget(url, ORIGIN), url).toBe(false);
    }
  });

  it("refuses empty and non-string targets", () => {
    expect(safeInternalPath("", ORIGIN)).toBeNull();
    expect(safeInternalPath("   ", ORIGIN)).toBeNull();
    expect(safeInternalPath(null, ORIGIN)).toBeNull();
    expect(safeInternalPath(undefined, ORIGIN)).toBeNull();
  });

  it("does not mistake a path containing a colon for a scheme", () => {
    expect(isScriptUrl("/view/javascript:thing")).toBe(false);
    expect(safeInternalPath("/view/javascript:thing", ORIGIN)).toBe("/view/javascript:thing");
  });
});
