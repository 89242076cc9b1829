import type { Context, MiddlewareHandler } from "hono";
import type { Access } from "../../db/acl/actions";
import { can, MATRIX, scopeOf, type Action } from "../../db/acl/matrix";
import { applyPreview, effectiveRoles, flagNames, toFlags, type RoleFlags } from "../../db/acl/roles";
import { badRequest, forbidden, notFound, unauthorized } from "../lib/http-error";
import { projectOfId } from "../lib/meta-index";
import { verifySessionToken } from "../lib/jwt";
import { userOfApiToken } from "../lib/api-tokens";
import { findProjectWithRole, findSessionProject, findSharedProject } from "../lib/projects";
import { currentUser } from "../lib/session";
import type { AppEnv } from "../types";

/** A middleware that carries the access it enforces, so tests can walk every route. */
export type AclMiddleware = MiddlewareHandler<AppEnv> & { access: Access };

function deny(action: Action, flags: RoleFlags): never {
  throw forbidden(`${action} - ${flagNames(flags).join(",") || "guest"} : Not allowed`);
}

/**
 * The project a route is about: `:projectId`, `:projectName` (id or title) in data routes, or the
 * project that holds the `:tableId`, `:columnId` or `:viewId` (or view column, filter or sort id)
 * of the path, or the `fk_model_id` named in the query or JSON body (comment routes).
 */
async function projectKey(c: Context<AppEnv>): Promise<string | undefined> {
  const direct = c.req.param("projectId") ?? c.req.param("projectName");
  if (direct) return direct;
  const child =
    c.req.param("tableId") ?? c.req.param("columnId") ?? c.req.param("viewId") ?? viewPartId(c) ?? c.req.query("fk_model_id") ?? (await bodyModelId(c));
  if (!child) return undefined;
  const found = await projectOfId(c.env.META, child);
  if (!found) throw notFound(c.req.param("tableId") ? "Table not found" : "Not found");
  return found;
}

/** The id of a view's part (view column, filter, sort) in paths that name no view. */
const viewPartId = (c: Context<AppEnv>) =>
  c.req.param("gridViewColumnId") ?? c.req.param("formViewColumnId") ?? c.req.param("filterId") ?? c.req.param("filterGroupId") ?? c.req.param("sortId");

async function bodyModelId(c: Context<AppEnv>): Promise<string | undefined> {
  if (c.req.method === "GET") return undefined;
  try {
    const body = (await c.req.json()) as { fk_model_id?: unknown };
    return typeof body?.fk_model_id === "string" ? body.fk_model_id : undefined;
  } catch {
    return undefined;
  }
}

/** Without a valid session, an API token acts as its owner (contract 1.3). */
async function apiTokenProject(c: Context<AppEnv>, apiToken: string, key: string) {
  const user = await userOfApiToken(c.env.META, apiToken);
  if (!user) return null;
  c.set("isApiToken", true);
  const found = await findProjectWithRole(c.env.META, key, user.id);
  return { user, project: found?.project ?? null, role: found?.role ?? null };
}

/**
 * Resolves the caller's roles in the project of the path. A session wins over a shared-base
 * header (contract [B]); `xc-preview` narrows an owner's or creator's roles to the previewed one.
 */
async function projectAccess(c: Context<AppEnv>) {
  const token = c.req.header("xc-auth");
  const sharedId = c.req.header("xc-shared-base-id");
  const apiToken = c.req.header("xc-token");
  if (!token && !sharedId && !apiToken) throw unauthorized();
  const key = await projectKey(c);
  if (!key) throw badRequest("The request names no project or table (fk_model_id is required)");
  // The session, the project and the membership in one query: this runs on every API call.
  const claims = token ? await verifySessionToken(c.env, token) : null;
  let found = claims ? await findSessionProject(c.env.META, claims, key) : null;
  if (!found && apiToken) found = await apiTokenProject(c, apiToken, key);
  c.set("user", found?.user ?? null);
  // A member's session wins over a shared-base header (contract [B]); a signed-in non-member
  // holding the project's shared link gets the shared role like any visitor.
  const member = found?.project && (found.role || toFlags(found.user.roles).super);
  if (found && (member || !sharedId)) {
    if (!found.project) throw notFound("Project not found");
    const flags = applyPreview(effectiveRoles(found.user.roles, found.role), c.req.header("xc-preview"));
    return { project: found.project, flags, isPublicBase: false };
  }
  if (sharedId) {
    const project = await findSharedProject(c.env.META, sharedId);
    if (project && project.id === key && project.shared_role) {
      return { project, flags: toFlags(project.shared_role), isPublicBase: true };
    }
  }
  throw unauthorized();
}

/** Every route declares what it needs with `need(...)`; a test fails for a route without one. */
export function need(access: Access): AclMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (access === "public") return next();
    if (access === "signedIn") {
      if (!(await currentUser(c))) throw unauthorized();
      return next();
    }
    if (scopeOf(access) === "org") {
      const user = await currentUser(c);
      if (!user) throw unauthorized();
      // The super admin's own areas (users, settings, app store) need a real session.
      if (c.get("isApiToken") && MATRIX[access].roles.length === 0) throw forbidden("Not allowed with API token");
      const flags = toFlags(user.roles);
      if (!can(flags, access)) deny(access, flags);
      c.set("roles", flags);
      return next();
    }
    const { project, flags, isPublicBase } = await projectAccess(c);
    if (!can(flags, access)) deny(access, flags);
    c.set("project", project);
    c.set("roles", flags);
    c.set("isPublicBase", isPublicBase);
    return next();
  };
  return Object.assign(mw, { access });
}

export function isAclMiddleware(fn: unknown): fn is AclMiddleware {
  return typeof fn === "function" && typeof (fn as Partial<AclMiddleware>).access === "string";
}
