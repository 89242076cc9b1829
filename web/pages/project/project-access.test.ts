import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-errors";
import { decideProjectLoad, holdsProjectAccess, type Settled } from "./project-access";

const ok = <T>(data: T): Settled<T> => ({ status: "success", data });
const err = (status: number, msg: string): Settled<never> => ({
  status: "error",
  error: new ApiError(status, msg, { msg }),
});
const pending: Settled<never> = { status: "pending" };
const owner = ok({ roles: { owner: true, creator: true } });

describe("decideProjectLoad (SPEC 4 project loading)", () => {
  it("is ready once the project and roles are in", () => {
    expect(decideProjectLoad({ project: ok({ id: "p" }), roles: owner })).toEqual({ kind: "ready" });
  });

  it("waits while either call is pending", () => {
    expect(decideProjectLoad({ project: pending, roles: owner }).kind).toBe("loading");
    expect(decideProjectLoad({ project: ok({}), roles: pending }).kind).toBe("loading");
  });

  it("sends a missing shared base to /error/404 before anything else", () => {
    const out = decideProjectLoad({ sharedBase: err(404, "Not found"), project: pending, roles: pending });
    expect(out).toEqual({ kind: "redirect", to: "/error/404" });
  });

  it("waits for the shared base lookup", () => {
    expect(decideProjectLoad({ sharedBase: pending, project: pending, roles: pending }).kind).toBe("loading");
  });

  it("sends 'Database config not found' to /project/0", () => {
    const out = decideProjectLoad({ project: err(400, "Database config not found"), roles: pending });
    expect(out).toEqual({ kind: "redirect", to: "/project/0" });
  });

  it("sends an unknown project to /error/404", () => {
    expect(decideProjectLoad({ project: err(404, "Project not found"), roles: ok({ roles: { user: true } }) })).toEqual(
      {
        kind: "redirect",
        to: "/error/404",
      },
    );
  });

  it("refuses a caller holding only the user role, even when the project call failed with 403", () => {
    const out = decideProjectLoad({
      project: err(403, "projectGet - org-level-creator : Not allowed"),
      roles: ok({ roles: { user: true } }),
    });
    expect(out).toEqual({ kind: "redirect", to: "/", refuse: true });
  });

  it("shows other failures", () => {
    const out = decideProjectLoad({ project: err(500, "boom"), roles: owner });
    expect(out.kind).toBe("error");
  });

  it("lets a shared-base viewer in", () => {
    expect(
      decideProjectLoad({
        sharedBase: ok({ project_id: "p" }),
        project: ok({}),
        roles: ok({ roles: { viewer: true } }),
      }).kind,
    ).toBe("ready");
  });
});

describe("holdsProjectAccess", () => {
  it("needs a project role or super", () => {
    expect(holdsProjectAccess({ user: true })).toBe(false);
    expect(holdsProjectAccess({ "org-level-creator": true })).toBe(false);
    expect(holdsProjectAccess({ viewer: true })).toBe(true);
    expect(holdsProjectAccess({ super: true })).toBe(true);
  });
});
