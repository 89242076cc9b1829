import { describe, expect, it } from "vitest";
import { can } from "../../../../db/acl/matrix";
import { applyPreview, type RoleFlags } from "../../../../db/acl/roles";
import { settingsSections } from "./sections";

const sectionsFor = (flags: RoleFlags) => settingsSections((action) => can(flags, action));

describe("settingsSections", () => {
  it("gives owners and creators every section", () => {
    expect(sectionsFor({ owner: true, creator: true })).toEqual(["general", "members", "sharedBase", "snapshots"]);
    expect(sectionsFor({ creator: true })).toEqual(["general", "members", "sharedBase", "snapshots"]);
  });

  it("gives editors, commenters and viewers none", () => {
    expect(sectionsFor({ editor: true })).toEqual([]);
    expect(sectionsFor({ viewer: true })).toEqual([]);
  });

  it("follows a preview", () => {
    expect(sectionsFor(applyPreview({ owner: true, creator: true }, "viewer"))).toEqual([]);
  });
});
