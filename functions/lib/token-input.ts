import type { Context } from "hono";
import { z } from "zod";
import { toFlags } from "../../db/acl/roles";
import { TOKEN_SCOPES, type TokenScope } from "../../db/acl/token-scope";
import { MAX_ID_CHARS } from "../../db/limits";
import type { AppEnv, SessionUser } from "../types";
import { badRequest } from "./http-error";
import { findProjectWithRole } from "./projects";

/** The most projects one token may be limited to: a list, not a second membership table. */
export const MAX_TOKEN_PROJECTS = 100;

/** A new token's body (contract 3.3 plus the scope fields of issue 41, all optional). */
export const tokenBody = z.object({
  description: z.string().max(255, "description: At most 255 characters").nullish(),
  scope: z.enum(TOKEN_SCOPES, { error: `must be one of ${TOKEN_SCOPES.join(", ")}` }).nullish(),
  project_ids: z
    .array(z.string({ error: "must be project ids" }).min(1).max(MAX_ID_CHARS), {
      error: "must be a list of project ids",
    })
    .min(1, "name at least one project, or leave project_ids out for every project")
    .max(MAX_TOKEN_PROJECTS, `at most ${MAX_TOKEN_PROJECTS} projects`)
    .nullish(),
  expires_at: z
    .string({ error: "must be a date and time (ISO 8601)" })
    .refine((v) => !Number.isNaN(Date.parse(v)), "must be a date and time (ISO 8601)")
    .nullish(),
});

/** What a new token row stores for its limits. */
export interface TokenLimitColumns {
  scope: TokenScope;
  project_ids: string | null;
  expires_at: string | null;
}

/**
 * Checks the limits asked for: each project must be one of the caller's (a super admin: any), named
 * by id or title and stored by id; an expiry must lie ahead. Bad values are a 400 naming the field.
 */
export async function tokenLimitColumns(
  c: Context<AppEnv>,
  user: SessionUser,
  input: z.infer<typeof tokenBody>,
): Promise<TokenLimitColumns> {
  let projectIds: string[] | null = null;
  if (input.project_ids) {
    const isSuper = Boolean(toFlags(user.roles).super);
    projectIds = [];
    for (const key of new Set(input.project_ids)) {
      const found = await findProjectWithRole(c.env.META, key, user.id);
      if (!found || !(found.role || isSuper)) throw badRequest(`project_ids: no project '${key}' of yours`);
      projectIds.push(found.project.id);
    }
  }
  let expiresAt: string | null = null;
  if (input.expires_at) {
    const at = Date.parse(input.expires_at);
    if (at <= Date.now()) throw badRequest("expires_at: must be in the future");
    expiresAt = new Date(at).toISOString();
  }
  return {
    scope: input.scope ?? "full",
    project_ids: projectIds ? JSON.stringify([...new Set(projectIds)]) : null,
    expires_at: expiresAt,
  };
}
