import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";

function leaves(node: unknown, path = ""): [string, unknown][] {
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, node]];
}

describe("locales/en.json", () => {
  it("holds only non-empty strings", () => {
    for (const [key, value] of leaves(en)) {
      expect(typeof value, key).toBe("string");
      expect((value as string).trim(), key).not.toBe("");
    }
  });

  it("carries the SPEC 8 texts the accounts flows show", () => {
    expect(en.msg.error.internal).toBe("Some internal error occurred");
    expect(en.msg.error.generic).toBe("Some error occurred");
    expect(en.msg.error.signedOut).toBe("you have been signed out");
    expect(en.msg.error.notEnoughPermissionPage).toBe("You don't have enough permission to access the page.");
    expect(en.errors.notFound.heading).toBe("Page not found");
  });
});
