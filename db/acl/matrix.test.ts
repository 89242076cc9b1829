import { describe, expect, it } from "vitest";
import { ACTION_NAMES, can, MATRIX } from "./matrix";
import { applyPreview, effectiveRoles, projectRank, toFlags } from "./roles";

describe("permission matrix", () => {
  it("lets super do every action", () => {
    for (const action of ACTION_NAMES) expect(can({ super: true }, action)).toBe(true);
  });

  it("keeps projectDelete to owners: creators may not delete", () => {
    expect(can(effectiveRoles("org-level-creator", "owner"), "projectDelete")).toBe(true);
    expect(can(effectiveRoles("org-level-creator", "creator"), "projectDelete")).toBe(false);
  });

  it("gives editors rows but not schema, sharing or members", () => {
    const editor = effectiveRoles("org-level-viewer", "editor");
    expect(can(editor, "dataInsert")).toBe(true);
    expect(can(editor, "tableCreate")).toBe(false);
    expect(can(editor, "createSharedBaseLink")).toBe(false);
    expect(can(editor, "userInvite")).toBe(false);
  });

  it("shows the member list (with e-mails) to owners and creators only", () => {
    expect(can(effectiveRoles("org-level-viewer", "owner"), "projectUserList")).toBe(true);
    expect(can(effectiveRoles("org-level-viewer", "creator"), "projectUserList")).toBe(true);
    for (const role of ["editor", "commenter", "viewer"] as const) {
      expect(can(effectiveRoles("org-level-creator", role), "projectUserList")).toBe(false);
    }
  });

  it("lets commenters comment and viewers only read", () => {
    expect(can({ commenter: true }, "commentRow")).toBe(true);
    expect(can({ commenter: true }, "dataUpdate")).toBe(false);
    expect(can({ viewer: true }, "commentRow")).toBe(false);
    expect(can({ viewer: true }, "dataList")).toBe(true);
  });

  it("keeps org user management to super admins", () => {
    expect(can(toFlags("org-level-creator"), "orgUserList")).toBe(false);
    expect(can(toFlags("org-level-creator,super"), "orgUserList")).toBe(true);
    expect(can(toFlags("org-level-creator"), "projectCreate")).toBe(true);
    expect(can(toFlags("org-level-viewer"), "projectCreate")).toBe(false);
  });

  it("lists only actions with a scope and known roles", () => {
    for (const rule of Object.values(MATRIX)) expect(["org", "project"]).toContain(rule.scope);
  });
});

describe("effective roles and preview", () => {
  it("merges org roles with the project role; owner carries creator", () => {
    expect(effectiveRoles("org-level-viewer", "owner")).toEqual({
      "org-level-viewer": true,
      owner: true,
      creator: true,
    });
  });

  it("applies a preview only for owners and creators", () => {
    expect(applyPreview({ owner: true, creator: true }, "viewer")).toEqual({ viewer: true });
    expect(applyPreview({ editor: true }, "viewer")).toEqual({ editor: true });
    expect(applyPreview({ owner: true }, "owner")).toEqual({ owner: true });
  });

  it("ranks roles so nobody grants above their own", () => {
    expect(projectRank({ creator: true })).toBeGreaterThan(projectRank({ editor: true }));
    expect(projectRank({ super: true })).toBe(projectRank({ owner: true }));
    expect(projectRank({})).toBe(0);
  });
});
