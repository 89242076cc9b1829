import type { Env } from "../../realtime/env";
import { projectRoom } from "./room";

/**
 * Revocations reach the project rooms' access memo (realtime/access-gate.ts) before the request
 * that made them answers, so the very next data request sees them. Call these after the D1 write.
 */

/**
 * A membership in one project changed (added, role changed, removed), or the project itself (all
 * users, and the shared base's visitors). The room also re-authorises the open sockets concerned.
 */
export async function forgetProjectAccess(env: Env, projectId: string, userId?: string): Promise<void> {
  await projectRoom(env, projectId).forgetAccess(userId);
}

/** The projects a user is a member of: read before a write that removes the memberships. */
export async function projectsOfUser(env: Env, userId: string): Promise<string[]> {
  const { results } = await env.META.withSession("first-primary")
    .prepare("SELECT project_id FROM project_users WHERE user_id = ?")
    .bind(userId)
    .all<{ project_id: string }>();
  return results.map((r) => r.project_id);
}

/**
 * Something about the user changed everywhere (sign-out, password change or reset, org roles,
 * deletion): every room of the user's projects drops the user's entry.
 */
export async function forgetUserAccess(env: Env, userId: string, projectIds?: string[]): Promise<void> {
  const ids = projectIds ?? (await projectsOfUser(env, userId));
  await Promise.all(ids.map((id) => forgetProjectAccess(env, id, userId)));
}
