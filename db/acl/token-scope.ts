import { kindOfAction, type Action } from "./matrix";

/**
 * Scoped API tokens (issue 41). A token acts as its owner, narrowed by its scope and project list:
 * - `full`: all the owner's rights (tokens made before scopes existed are full);
 * - `records`: reads, and writes records — insert, update, delete, links, comments, attachments,
 *   the record trash, automation buttons — but no schema, views, members, sharing or projects;
 * - `read`: reads only.
 * The owner's role still decides first: a scope only takes rights away. Which actions are which
 * is the matrix's `kind` (db/acl/matrix.ts), never a list of routes.
 */
export const TOKEN_SCOPES = ["full", "records", "read"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A token's limits: its scope and the projects it may reach (null: every project of its owner). */
export interface TokenLimits {
  scope: TokenScope;
  projectIds: readonly string[] | null;
}

export function isTokenScope(value: unknown): value is TokenScope {
  return (TOKEN_SCOPES as readonly unknown[]).includes(value);
}

/** Whether a token of this scope may take the action (its owner's role is checked apart). */
export function scopeAllows(scope: TokenScope, action: Action): boolean {
  const kind = kindOfAction(action);
  if (scope === "full" || kind === "read") return true;
  return scope === "records" && kind === "records";
}

/** Whether a token with these limits may reach the project. */
export function limitsAllowProject(limits: TokenLimits, projectId: string): boolean {
  return limits.projectIds === null || limits.projectIds.includes(projectId);
}

/** The limits stored with a token row (columns of db/meta/migrations/0013_token_scopes.sql). */
export function limitsOfRow(row: { scope: string | null; project_ids: string | null }): TokenLimits {
  const scope = isTokenScope(row.scope) ? row.scope : "read";
  let projectIds: string[] | null = null;
  if (row.project_ids) {
    const parsed: unknown = JSON.parse(row.project_ids);
    // A list that does not parse as one limits the token to nothing rather than to everything.
    projectIds = Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
  }
  return { scope, projectIds };
}
