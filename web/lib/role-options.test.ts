import { describe, expect, it } from "vitest";
import { assignableRoles, canManageRole, highestProjectRole } from "./role-options";

describe("assignableRoles", () => {
  it("offers every role to an owner", () => {
    expect(assignableRoles({ owner: true, creator: true })).toEqual([
      "owner",
      "creator",
      "editor",
      "commenter",
      "viewer",
    ]);
  });

  it("offers a creator nothing above creator", () => {
    expect(assignableRoles({ creator: true, "org-level-creator": true })).toEqual([
      "creator",
      "editor",
      "commenter",
      "viewer",
    ]);
  });

  it("offers an editor editor and below", () => {
    expect(assignableRoles({ editor: true })).toEqual(["editor", "commenter", "viewer"]);
  });

  it("treats a super admin as owner", () => {
    expect(assignableRoles({ super: true })[0]).toBe("owner");
  });

  it("offers nothing without a project role", () => {
    expect(assignableRoles({ user: true })).toEqual([]);
  });
});

describe("canManageRole and highestProjectRole", () => {
  it("lets a creator manage editors but not owners", () => {
    expect(canManageRole({ creator: true }, "editor")).toBe(true);
    expect(canManageRole({ creator: true }, "owner")).toBe(false);
    expect(canManageRole({ owner: true }, "owner")).toBe(true);
    expect(canManageRole({ owner: true }, null)).toBe(false);
  });

  it("picks the highest role", () => {
    expect(highestProjectRole({ creator: true, owner: true })).toBe("owner");
    expect(highestProjectRole({ viewer: true })).toBe("viewer");
    expect(highestProjectRole({ user: true })).toBeNull();
  });
});
