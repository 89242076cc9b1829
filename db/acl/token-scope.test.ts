import { describe, expect, it } from "vitest";
import { ACTION_NAMES, MATRIX } from "./matrix";
import { limitsAllowProject, limitsOfRow, scopeAllows } from "./token-scope";

describe("token scopes", () => {
  it("lets a full token take every action its owner may", () => {
    for (const action of ACTION_NAMES) expect(scopeAllows("full", action)).toBe(true);
  });

  it("lets a read token read rows, tables and views but change nothing", () => {
    for (const action of ["dataList", "dataRead", "tableList", "viewList", "projectList", "commentList"] as const) {
      expect(scopeAllows("read", action), action).toBe(true);
    }
    for (const action of ["dataInsert", "dataUpdate", "dataDelete", "nestedAdd", "commentRow", "upload"] as const) {
      expect(scopeAllows("read", action), action).toBe(false);
    }
    for (const action of ["tableCreate", "columnAdd", "projectDelete", "projectRestore", "projectPurge"] as const) {
      expect(scopeAllows("read", action), action).toBe(false);
    }
  });

  it("lets a records token write records, links, comments and files but no schema, views, members or sharing", () => {
    for (const action of [
      "dataInsert",
      "dataUpdate",
      "dataDelete",
      "nestedAdd",
      "nestedRemove",
      "commentRow",
    ] as const) {
      expect(scopeAllows("records", action), action).toBe(true);
    }
    for (const action of [
      "tableCreate",
      "columnUpdate",
      "viewCreate",
      "filterCreate",
      "sortCreate",
      "gridColumnUpdate",
      "userInvite",
      "createSharedBaseLink",
      "hookCreate",
      "projectCreate",
      "apiTokenCreate",
    ] as const) {
      expect(scopeAllows("records", action), action).toBe(false);
    }
  });

  it("classes as record writes only actions an editor may take", () => {
    for (const action of ACTION_NAMES) {
      const { roles, kind } = MATRIX[action];
      if (kind === "records") expect(roles as readonly string[], action).toContain("editor");
    }
  });

  it("reads a token row's limits; a broken project list limits to nothing", () => {
    expect(limitsOfRow({ scope: "read", project_ids: null })).toEqual({ scope: "read", projectIds: null });
    const limited = limitsOfRow({ scope: "records", project_ids: '["p_a"]' });
    expect(limitsAllowProject(limited, "p_a")).toBe(true);
    expect(limitsAllowProject(limited, "p_b")).toBe(false);
    expect(limitsOfRow({ scope: "full", project_ids: "{}" }).projectIds).toEqual([]);
  });
});
