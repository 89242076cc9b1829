import type { Connection, Server } from "partyserver";
import { toFlags, type ProjectRole, type RoleFlags } from "../db/acl/roles";
import { CLOSE_ACCESS_REVOKED, CLOSE_SESSION_ENDED } from "../db/sockets/protocol";
import { socketRoles } from "./identity";
import { isVisitor, type PresenceState } from "./presence";
import type { Env } from "./env";

interface UserRow {
  id: string;
  roles: string;
  token_version: string;
  member_role: ProjectRole | null;
}

interface ProjectRow {
  shared_uuid: string | null;
  shared_role: string | null;
}

/** What a socket may be now: its new roles, or the code to close it with. */
type Verdict = { roles: RoleFlags } | { close: number; reason: string };

/**
 * Open sockets follow revocations (issue 32 N1). A socket's roles are set at the upgrade; every
 * change that may revoke access already reaches the room to empty its access memo
 * (functions/lib/access-push.ts), and the same call re-reads the affected sockets' access from
 * D1's primary. Rules:
 * - a session that ended (sign-out, password change or reset, user deleted: the token_version
 *   moved on) closes with CLOSE_SESSION_ENDED; the web connects again only with a new token;
 * - a member removed, a project deleted, a shared base turned off or re-made closes with
 *   CLOSE_ACCESS_REVOKED; the web does not connect again until the session changes;
 * - a changed role (member or org role, or the shared base's role) becomes the socket's role at
 *   once, so the next event is filtered by it (field permissions and row rules are read per event);
 * - one batch of two queries however many sockets are open.
 *
 * Re-authorises the room's sockets of `userId`, or all of them (a project-wide change). Answers
 * whether any socket was closed or changed, so the caller can announce presence again.
 */
async function reauthorise(
  conns: Connection<PresenceState>[],
  db: D1Database,
  projectId: string,
  userId?: string,
): Promise<boolean> {
  const affected = conns.filter((c) => c.state && (userId === undefined || c.state.userId === userId));
  if (affected.length === 0) return false;
  const { project, users } = await readAccess(db, projectId, [...new Set(affected.map((c) => c.state!.userId))]);
  let changed = false;
  for (const conn of affected) {
    const s = conn.state!;
    const verdict = isVisitor(s) ? visitorVerdict(s, project) : memberVerdict(s, project, users.get(s.userId));
    if ("close" in verdict) {
      conn.close(verdict.close, verdict.reason);
      changed = true;
    } else if (JSON.stringify(verdict.roles) !== JSON.stringify(s.roles)) {
      conn.setState({ ...s, roles: verdict.roles });
      changed = true;
    }
  }
  return changed;
}

/** How long after a revocation a new socket of the user is checked again in the room. */
const RACE_MS = 10_000;

/**
 * The room's side of it: re-authorises the sockets a revocation concerns, and checks again a
 * socket that arrives just after one, since the Worker may have read D1 before the revocation.
 */
export class SocketAccess {
  /** When each user's access (key "" : everyone's) was last revoked; entries older than RACE_MS go. */
  #revokedAt = new Map<string, number>();

  constructor(
    private readonly room: Server<Env>,
    private readonly db: () => D1Database,
  ) {}

  /** After any change that may revoke access; answers whether a socket was closed or changed. */
  revoke(userId?: string): Promise<boolean> {
    const now = Date.now();
    for (const [key, at] of this.#revokedAt) if (now - at > RACE_MS) this.#revokedAt.delete(key);
    this.#revokedAt.set(userId ?? "", now);
    return reauthorise([...this.room.getConnections<PresenceState>()], this.db(), this.room.name, userId);
  }

  /** A socket just connected: checked again only when its user's access was revoked moments ago. */
  async recheck(conn: Connection<PresenceState>): Promise<boolean> {
    const userId = conn.state?.userId;
    if (userId === undefined) return false;
    const at = Math.max(this.#revokedAt.get(userId) ?? 0, this.#revokedAt.get("") ?? 0);
    if (Date.now() - at > RACE_MS) return false;
    return reauthorise([conn], this.db(), this.room.name, userId);
  }
}

const revoked = { close: CLOSE_ACCESS_REVOKED, reason: "You don't have access to this project" };

function memberVerdict(s: PresenceState, project: ProjectRow | null, user: UserRow | undefined): Verdict {
  if (!user || user.token_version !== s.tokenVersion) return { close: CLOSE_SESSION_ENDED, reason: "Session ended" };
  const roles = project ? socketRoles(user.roles, user.member_role, s.preview) : null;
  return roles ? { roles } : revoked;
}

function visitorVerdict(s: PresenceState, project: ProjectRow | null): Verdict {
  if (!project?.shared_role || !s.shared || project.shared_uuid !== s.shared) return revoked;
  return { roles: toFlags(project.shared_role) };
}

/** The project (null when deleted) and the users' current rows, from the primary in one round trip. */
async function readAccess(db: D1Database, projectId: string, userIds: string[]) {
  // Never a replica: it may lag behind the revocation that was just written.
  const session = typeof db.withSession === "function" ? db.withSession("first-primary") : db;
  const [projects, users] = await session.batch<ProjectRow | UserRow>([
    session.prepare("SELECT shared_uuid, shared_role FROM projects WHERE id = ? AND deleted = 0").bind(projectId),
    session
      .prepare(
        `SELECT u.id, u.roles, u.token_version, pu.roles AS member_role FROM users u
         LEFT JOIN project_users pu ON pu.project_id = ?1 AND pu.user_id = u.id
         WHERE u.id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(projectId, JSON.stringify(userIds.filter((id) => !id.startsWith("visitor:")))),
  ]);
  return {
    project: (projects!.results[0] as ProjectRow | undefined) ?? null,
    users: new Map((users!.results as UserRow[]).map((u) => [u.id, u])),
  };
}
