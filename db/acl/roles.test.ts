import { describe, expect, it } from "vitest";
import { holdsAnyRole, toFlags as parseRoles } from "./roles";

describe("roles", () => {
  it("splits a comma string into flags", () => {
    expect(parseRoles("org-level-creator, super,")).toEqual({ "org-level-creator": true, super: true });
  });

  it("keeps only true flags of an object map: false (or anything else) is not held", () => {
    expect(parseRoles({ owner: true, creator: false })).toEqual({ owner: true });
    expect(parseRoles({ super: false, editor: "true" })).toEqual({});
  });

  it("is empty for nothing", () => {
    expect(parseRoles(null)).toEqual({});
    expect(parseRoles("")).toEqual({});
  });

  it("grants access with at least one allowed role", () => {
    expect(holdsAnyRole({ super: true }, ["super"])).toBe(true);
    expect(holdsAnyRole({ "org-level-viewer": true }, ["super"])).toBe(false);
    expect(holdsAnyRole({}, undefined)).toBe(true);
    expect(holdsAnyRole({}, [])).toBe(true);
  });
});
