/**
 * Project loading outcome (SPEC 4 "Project loading", SPEC 8), decided from the settled calls:
 * - shared base: the uuid lookup answering 404 leads to /error/404;
 * - "Database config not found" leads to /project/0; a project answering 404 to /error/404;
 * - roles holding no project role (only the plain "user") refuse the project: toast, then /;
 * - any other failure is shown where the project would be.
 * Roles are awaited before a project 403 is judged, so a non-member sees the permission message.
 */
import { ApiError } from "../../lib/api-errors";
import { PROJECT_ROLES, toFlags, type RoleFlags } from "../../../db/acl/roles";

export const CONFIG_MISSING_MSG = "Database config not found";

export type Settled<T> = { status: "pending" } | { status: "success"; data: T } | { status: "error"; error: unknown };

export type ProjectLoadOutcome =
  | { kind: "loading" }
  | { kind: "redirect"; to: string; refuse?: boolean }
  | { kind: "error"; error: unknown }
  | { kind: "ready" };

export interface ProjectLoadInput {
  /** Only for projectType "base". */
  sharedBase?: Settled<unknown>;
  project: Settled<unknown>;
  roles: Settled<{ roles: Record<string, boolean> }>;
}

const statusOf = (err: unknown) => (err instanceof ApiError ? err.status : 0);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : "");

/** A caller with no project role (SPEC 6: "user" only) may not open the project. */
export function holdsProjectAccess(flags: RoleFlags): boolean {
  return Boolean(flags.super) || PROJECT_ROLES.some((role) => flags[role]);
}

export function decideProjectLoad(input: ProjectLoadInput): ProjectLoadOutcome {
  const { sharedBase, project, roles } = input;
  if (sharedBase) {
    if (sharedBase.status === "error") {
      return statusOf(sharedBase.error) === 404
        ? { kind: "redirect", to: "/error/404" }
        : { kind: "error", error: sharedBase.error };
    }
    if (sharedBase.status === "pending") return { kind: "loading" };
  }
  if (project.status === "error") {
    if (messageOf(project.error) === CONFIG_MISSING_MSG) return { kind: "redirect", to: "/project/0" };
    if (statusOf(project.error) === 404) return { kind: "redirect", to: "/error/404" };
  }
  if (roles.status === "pending") return { kind: "loading" };
  if (roles.status === "success" && !holdsProjectAccess(toFlags(roles.data.roles)))
    return { kind: "redirect", to: "/", refuse: true };
  if (roles.status === "error") return { kind: "error", error: roles.error };
  if (project.status === "error") return { kind: "error", error: project.error };
  if (project.status === "pending") return { kind: "loading" };
  return { kind: "ready" };
}
