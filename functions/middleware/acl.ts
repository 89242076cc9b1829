import type { Context, MiddlewareHandler } from "hono";
import { uniqueSymbol } from "hono-openapi";
import type { Access } from "../../db/acl/actions";
import { can, MATRIX, scopeOf, type Action } from "../../db/acl/matrix";
import { applyPreview, effectiveRoles, flagNames, toFlags, type RoleFlags } from "../../db/acl/roles";
import { badRequest, forbidden, notFound, unauthorized } from "../lib/http-error";
import { primaryDb } from "../lib/d1-session";
import { projectOfId } from "../lib/meta-index";
import { verifySessionToken } from "../lib/jwt";
import { apiTokenUser } from "../lib/api-tokens";
import { refuseLimitedOrgAction, refuseTokenAction, refuseTokenProject } from "../lib/token-limits";
import { findProjectWithRole, findSessionProject, findSharedProject, type ProjectRow } from "../lib/projects";
import { currentUser } from "../lib/session";
import { refuseUntilTwoFactorSetUp } from "../lib/two-factor-due";
import type { AppEnv, SessionUser } from "../types";
import { MAX_ID_CHARS, tooLongId } from "../../db/limits";

/** A middleware that carries the access it enforces, so tests can walk every route. */
export type AclMiddleware = MiddlewareHandler<AppEnv> & { access: Access };

function deny(action: Action, flags: RoleFlags): never {
  throw forbidden(`${action} - ${flagNames(flags).join(",") || "guest"} : Not allowed`);
}

/**
 * The project a route is about: `:projectId`, `:projectName` (id or title) in data routes, the
 * project segment of an upload's `?path=noco/<project>/...`, or the project that holds the
 * `:tableId`, `:columnId` or `:viewId` (or view column, filter or sort id) of the path, or the
 * `fk_model_id` named in the query or JSON body (comment routes).
 */
async function projectKey(c: Context<AppEnv>): Promise<string | undefined> {
  const direct = c.req.param("projectId") ?? c.req.param("projectName") ?? uploadProject(c);
  if (direct) return direct;
  const child =
    c.req.param("tableId") ??
    c.req.param("columnId") ??
    c.req.param("viewId") ??
    viewPartId(c) ??
    c.req.param("hookId") ??
    c.req.param("dashboardId") ??
    c.req.query("fk_model_id") ??
    (await bodyModelId(c));
  if (!child) return undefined;
  const found = await projectOfId(c.env.META, child);
  if (!found) throw notFound(c.req.param("tableId") ? "Table not found" : "Not found");
  return found;
}

/** Uploads name their folder `noco/<project id or title>/<table>/<column>` (contract 7). */
function uploadProject(c: Context<AppEnv>): string | undefined {
  if (!c.req.path.startsWith("/api/v1/db/storage/")) return undefined;
  return /^\/?noco\/([^/]+)/.exec(c.req.query("path") ?? "")?.[1];
}

/** The id of a view's part (view column, filter, sort) in paths that name no view. */
const viewPartId = (c: Context<AppEnv>) =>
  c.req.param("gridViewColumnId") ??
  c.req.param("formViewColumnId") ??
  c.req.param("filterId") ??
  c.req.param("filterGroupId") ??
  c.req.param("sortId");

async function bodyModelId(c: Context<AppEnv>): Promise<string | undefined> {
  if (c.req.method === "GET") return undefined;
  let id: unknown;
  try {
    id = ((await c.req.json()) as { fk_model_id?: unknown })?.fk_model_id;
  } catch {
    return undefined;
  }
  if (typeof id !== "string") return undefined;
  if (id.length > MAX_ID_CHARS) throw badRequest(tooLongId("fk_model_id"));
  return id;
}

/**
 * Without a valid session, an API token acts as its owner (contract 1.3). A token limited to
 * other projects is refused here (403), for a project that does not exist too: it learns nothing.
 */
async function apiTokenProject(c: Context<AppEnv>, apiToken: string, key: string) {
  const user = await apiTokenUser(c, apiToken);
  if (!user) return null;
  c.set("isApiToken", true);
  const found = await findProjectWithRole(primaryDb(c.env.META), key, user.id);
  refuseTokenProject(c, found?.project.id ?? key);
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
  let found = claims ? await findSessionProject(primaryDb(c.env.META), claims, key) : null;
  if (found && claims?.two_factor_due) c.set("twoFactorDue", true);
  refuseUntilTwoFactorSetUp(c);
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
    const project = await findSharedProject(primaryDb(c.env.META), sharedId);
    if (project && project.id === key && project.shared_role) {
      return { project, flags: toFlags(project.shared_role), isPublicBase: true };
    }
  }
  throw unauthorized();
}

/** The full project check of `need`: the caller's roles in the path's project, then the action. */
export async function checkProjectAccess(c: Context<AppEnv>, access: Action): Promise<void> {
  const { project, flags, isPublicBase } = await projectAccess(c);
  if (!can(flags, access)) deny(access, flags);
  // A scoped token's owner may, the token may not (issue 41): the role answers first.
  refuseTokenAction(c, access);
  c.set("project", project);
  c.set("roles", flags);
  c.set("isPublicBase", isPublicBase);
}

/**
 * The project of a one-hop data route: named in the path (v1), or the project holding the path's
 * `:tableId` (v2 routes name only the table). A table id never moves to another project, so its
 * project is remembered for the isolate's life; a deleted table's stale entry only sends the request
 * to a room that answers 404, as the full check would.
 */
async function roomKey(c: Context<AppEnv>): Promise<string | undefined> {
  const direct = c.req.param("projectName") ?? c.req.param("projectId");
  if (direct) return direct;
  const tableId = c.req.param("tableId");
  if (!tableId || tableId.length > MAX_ID_CHARS) return undefined;
  const known = tableProjects.get(tableId);
  if (known) return known;
  const found = await projectOfId(c.env.META, tableId);
  if (found) {
    if (tableProjects.size >= TABLE_MEMO_SIZE) tableProjects.delete(tableProjects.keys().next().value!);
    tableProjects.set(tableId, found);
  }
  return found ?? undefined;
}
const TABLE_MEMO_SIZE = 5000;
const tableProjects = new Map<string, string>();

/** Project ids as newId("p_") makes them; anything else in the path may be a title. */
const PROJECT_ID = /^p_[0-9a-z]{14}$/;

/**
 * `need` for data routes whose handler makes exactly one call into the project room (through
 * `room(c)` of resources/data/context.ts): with a session token that verifies (signature and
 * expiry, no I/O) and a project id in the path, the access check moves into that call, so the
 * request makes one hop (realtime/access-gate.ts). Otherwise, and whenever the room cannot settle
 * it (not a member, stale token, no such project), the full check of `need` runs.
 */
export function needInRoom(access: Action): AclMiddleware {
  const full = need(access);
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = c.req.header("xc-auth");
    const key = token ? await roomKey(c) : undefined;
    if (token && key && PROJECT_ID.test(key) && scopeOf(access) === "project") {
      const claims = await verifySessionToken(c.env, token);
      // A session that must set up two-factor sign-in first takes the full check, which refuses it.
      if (claims && !claims.two_factor_due) {
        c.set("gate", {
          projectId: key,
          userId: claims.id,
          tokenVersion: claims.token_version,
          action: access,
          preview: c.req.header("xc-preview"),
        });
        // Not yet checked: only the room call, which checks first, may use these.
        const { id, email, firstname, lastname, roles, token_version } = claims;
        c.set("user", { id, email, firstname, lastname, roles, token_version });
        c.set("project", { id: key } as ProjectRow);
        await next();
        // The handler refused its input before reaching the room: access still comes first,
        // so a caller without it learns nothing about the request (403/401, not 400).
        if (c.error && c.get("gate")) {
          c.set("gate", undefined);
          c.set("user", undefined);
          await checkProjectAccess(c, access);
        }
        return;
      }
    }
    return full(c, next);
  };
  return Object.assign(mw, { access, [uniqueSymbol]: { spec: accessSpec(access) } });
}

export interface NeedOptions {
  /**
   * The route serves a session that must set up two-factor sign-in first (the set-up itself,
   * its status, sign-out); every other route refuses such a session (lib/two-factor-due.ts).
   */
  duringTwoFactorSetUp?: boolean;
}

/** Every route declares what it needs with `need(...)`; a test fails for a route without one. */
export function need(access: Access, options: NeedOptions = {}): AclMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (access === "public") return next();
    if (access === "signedIn") {
      if (!(await currentUser(c))) throw unauthorized();
      if (!options.duringTwoFactorSetUp) refuseUntilTwoFactorSetUp(c);
      return next();
    }
    if (scopeOf(access) === "org") {
      const user = await currentUser(c);
      if (!user) throw unauthorized();
      refuseUntilTwoFactorSetUp(c);
      // The super admin's own areas (users, settings, app store) need a real session.
      if (c.get("isApiToken") && MATRIX[access].roles.length === 0) throw forbidden("Not allowed with API token");
      const flags = toFlags(user.roles);
      if (!can(flags, access)) deny(access, flags);
      refuseTokenAction(c, access);
      refuseLimitedOrgAction(c, access);
      c.set("roles", flags);
      return next();
    }
    await checkProjectAccess(c, access);
    return next();
  };
  // The OpenAPI generator (hono-openapi) reads this to show each operation's access.
  return Object.assign(mw, { access, [uniqueSymbol]: { spec: accessSpec(access) } });
}

/** What the OpenAPI document says about a route's access: the action, who holds it, the headers. */
function accessSpec(access: Access) {
  if (access === "public") return { "x-access": access, security: [] };
  const holders = access === "signedIn" ? "any signed-in user" : ["super", ...MATRIX[access].roles].join(", ");
  return {
    "x-access": access,
    description: `Access: ${access} (${holders})`,
    security: [{ xcAuth: [] }, { xcToken: [] }],
  };
}

export function isAclMiddleware(fn: unknown): fn is AclMiddleware {
  return typeof fn === "function" && typeof (fn as Partial<AclMiddleware>).access === "string";
}

/**
 * A user already known (the MCP server's token owner) in a project named by id or title: their
 * roles there, refused as need(...) refuses them, for callers that name the project in a body
 * rather than the path. A project the user is not a member of is not found, as in the project list.
 */
export async function userProjectAccess(
  c: Context<AppEnv>,
  user: SessionUser,
  key: string,
  access: Action,
): Promise<{ project: ProjectRow; flags: RoleFlags }> {
  const found = await findProjectWithRole(primaryDb(c.env.META), key, user.id);
  refuseTokenProject(c, found?.project.id ?? key);
  if (!found || !(found.role || toFlags(user.roles).super)) throw notFound(`Project '${key}' not found`);
  const flags = effectiveRoles(user.roles, found.role);
  if (!can(flags, access)) deny(access, flags);
  refuseTokenAction(c, access);
  return { project: found.project, flags };
}
