import type { Context } from "hono";
import { kindOfAction, type Action } from "../../db/acl/matrix";
import { limitsAllowProject, scopeAllows } from "../../db/acl/token-scope";
import type { AppEnv } from "../types";
import { forbidden } from "./http-error";

/**
 * The scoped-token half of the permission check (issue 41): the request's API token limits, set
 * by apiTokenUser, refuse what the owner's role alone would allow. Sessions have no limits.
 */
type Ctx = Context<AppEnv>;

/** 403 when the request's token scope does not cover the action. */
export function refuseTokenAction(c: Ctx, action: Action): void {
  const limits = c.get("tokenLimits");
  if (!limits || scopeAllows(limits.scope, action)) return;
  const what = limits.scope === "read" ? "read-only" : "limited to reading and writing records";
  throw forbidden(`This API token is ${what}: ${action} is not allowed`);
}

/** 403 when the request's token is limited to other projects. */
export function refuseTokenProject(c: Ctx, projectId: string): void {
  if (!tokenReaches(c, projectId)) throw forbidden("This API token is not allowed for this project");
}

/**
 * 403 for an org action that makes or changes projects when the token is limited to some
 * projects; the org reads are lists, which show only the token's projects.
 */
export function refuseLimitedOrgAction(c: Ctx, action: Action): void {
  const limits = c.get("tokenLimits");
  if (limits?.projectIds && kindOfAction(action) !== "read") {
    throw forbidden(`This API token is limited to some projects: ${action} is not allowed`);
  }
}

/** Whether the request may reach the project: always for sessions and unlimited tokens. */
export function tokenReaches(c: Ctx, projectId: string): boolean {
  const limits = c.get("tokenLimits");
  return !limits || limitsAllowProject(limits, projectId);
}
