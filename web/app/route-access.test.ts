import { describe, expect, it } from "vitest";
import { decideAccess, loginPath, mergeRouteMeta, type AccessInput } from "./route-access";

const base: AccessInput = { meta: {}, params: {}, signedIn: false, roles: {}, previous: null, redirectTarget: null };
const decide = (over: Partial<AccessInput>) => decideAccess({ ...base, ...over });

describe("route guards", () => {
  it("sends a visitor without a session to log in on a login-required route", () => {
    expect(decide({})).toEqual({ kind: "login" });
    expect(decide({ meta: { access: "auth" } })).toEqual({ kind: "login" });
    expect(decide({ signedIn: true })).toEqual({ kind: "allow" });
  });

  it("lets public pages and shared bases through", () => {
    expect(decide({ meta: { access: "public" } })).toEqual({ kind: "allow" });
    expect(decide({ meta: { access: "public" }, signedIn: true })).toEqual({ kind: "allow" });
    expect(decide({ params: { projectType: "base", projectId: "uuid" } })).toEqual({ kind: "allow" });
  });

  it("sends a signed-in user away from no-login pages", () => {
    const guest = { meta: { access: "guest" as const }, signedIn: true };
    expect(decide({ meta: { access: "guest" } })).toEqual({ kind: "allow" });
    expect(decide(guest)).toEqual({ kind: "redirect", to: "/" });
    expect(decide({ ...guest, previous: { path: "/nc/form/vw_1", access: "public" } })).toEqual({
      kind: "redirect",
      to: "/nc/form/vw_1",
    });
    expect(decide({ ...guest, previous: { path: "/signup", access: "guest" } })).toEqual({ kind: "redirect", to: "/" });
    expect(decide({ ...guest, redirectTarget: "/account" })).toEqual({ kind: "redirect", to: "/account" });
  });

  it("checks allowed roles", () => {
    const apps = { meta: { allowedRoles: ["super"] }, signedIn: true };
    expect(decide({ ...apps, roles: { "org-level-viewer": true } })).toEqual({ kind: "forbidden" });
    expect(decide({ ...apps, roles: { super: true } })).toEqual({ kind: "allow" });
    expect(decide({ ...apps, signedIn: false })).toEqual({ kind: "login" });
  });

  it("merges route handles, deeper ones winning", () => {
    expect(
      mergeRouteMeta([undefined, { access: "public", title: "title.sharedView" }, { title: "title.sharedForm" }]),
    ).toEqual({
      access: "public",
      title: "title.sharedForm",
    });
  });

  it("builds the login path with the way back", () => {
    expect(loginPath(true, "/")).toBe("/signup");
    expect(loginPath(false, "/")).toBe("/signin");
    expect(loginPath(false, "/account/users?x=1")).toBe("/signin?redirect=%2Faccount%2Fusers%3Fx%3D1");
    expect(loginPath(false, null)).toBe("/signin");
  });
});
