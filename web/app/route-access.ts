/**
 * Route guards (SPEC 4), as a pure decision over the route's meta and the session.
 *
 * - "public" routes (shared views and forms, error pages) and projectType "base" skip the checks;
 * - "auth" routes (the default) need a session: without one the visitor goes to sign-up when app
 *   info says first user, else to sign-in (with `?redirect=` back to where they were going);
 * - "guest" routes (sign-in, sign-up, password pages) visited signed in go to a safe `?redirect=`
 *   target, else back to the previous path when that was a public page, else to /;
 * - a route listing allowedRoles needs one of them, else a toast and /.
 */
import type { ParseKeys } from "i18next";
import { holdsAnyRole, type RoleFlags } from "../../db/acl/roles";

export type RouteAccess = "auth" | "guest" | "public";

export interface RouteMeta {
  access?: RouteAccess;
  allowedRoles?: readonly string[];
  /** i18n key of the page title. */
  title?: ParseKeys;
}

export interface PreviousRoute {
  path: string;
  access: RouteAccess;
}

export interface AccessInput {
  meta: RouteMeta;
  params: Readonly<Record<string, string | undefined>>;
  signedIn: boolean;
  roles: RoleFlags;
  previous: PreviousRoute | null;
  /** An already validated in-app redirect target from the URL, if any. */
  redirectTarget: string | null;
}

export type AccessDecision =
  { kind: "allow" } | { kind: "login" } | { kind: "redirect"; to: string } | { kind: "forbidden" };

/** Merges route handles from the root to the leaf; deeper routes override. */
export function mergeRouteMeta(handles: readonly unknown[]): RouteMeta {
  const meta: RouteMeta = {};
  for (const h of handles) {
    if (h && typeof h === "object") Object.assign(meta, h as RouteMeta);
  }
  return meta;
}

export function decideAccess(input: AccessInput): AccessDecision {
  const access = input.meta.access ?? "auth";
  if (access === "public" || input.params.projectType === "base") return { kind: "allow" };
  if (access === "guest") {
    if (!input.signedIn) return { kind: "allow" };
    if (input.redirectTarget) return { kind: "redirect", to: input.redirectTarget };
    if (input.previous?.access === "public") return { kind: "redirect", to: input.previous.path };
    return { kind: "redirect", to: "/" };
  }
  if (!input.signedIn) return { kind: "login" };
  if (!holdsAnyRole(input.roles, input.meta.allowedRoles)) return { kind: "forbidden" };
  return { kind: "allow" };
}

/** Where a visitor without a session goes: sign-up for the first user, else sign-in. */
export function loginPath(firstUser: boolean, from: string | null): string {
  const page = firstUser ? "/signup" : "/signin";
  return from && from !== "/" ? `${page}?redirect=${encodeURIComponent(from)}` : page;
}
