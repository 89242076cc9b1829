import { can, type Action } from "../db/acl/matrix";
import { applyPreview, effectiveRoles, flagNames, type ProjectRole, type RoleFlags } from "../db/acl/roles";

/**
 * The access check of a data request, run inside the project room so that the request makes one
 * hop: the Worker verifies the session token's signature (no I/O) and hands the room the claims;
 * the room answers from its memo of the project's members, filled from D1 on a miss.
 *
 * Rules (issue 14):
 * - only members are memoised (by user id): their role, org roles and current token_version;
 * - a memo entry is dropped by the Worker, and awaited, after every change that can revoke it:
 *   membership added, changed or removed, project deleted (functions/lib/access-push.ts), and
 *   sign-out, password change or reset, org role change, user deletion (all of the user's rooms);
 * - a fill that started before a drop is not stored (the generation counter), so a revocation
 *   racing a miss cannot resurrect the old entry;
 * - fills read D1's primary (`first-primary`): a read replica could still hold the revoked row;
 * - anything the memo cannot settle (not a member, no such project, a stale token with another
 *   credential present) goes back to the Worker's full check (`fallback`), which also covers
 *   super admins, shared bases and API tokens.
 */
export interface GateClaims {
  projectId: string;
  userId: string;
  tokenVersion: string;
  action: Action;
  /** The `xc-preview` header: an owner or creator previewing a narrower role. */
  preview?: string;
}

interface Member {
  tokenVersion: string;
  email: string;
  orgRoles: string;
  role: ProjectRole;
}

export type GateAnswer =
  | { ok: true; flags: RoleFlags; email: string }
  | { ok: false; fallback: true }
  | { ok: false; fallback: false; status: 401 | 403; msg: string };

interface FillRow {
  u_roles: string;
  u_email: string;
  u_token_version: string;
  p_id: string | null;
  member_role: ProjectRole | null;
}

export class AccessGate {
  #members = new Map<string, Member>();
  #generation = 0;
  /** Fills from D1 since the room started; tests read it to see that the memo is used. */
  fills = 0;

  constructor(private readonly db: () => D1Database) {}

  /** Drops one user's entry, or every entry. Answers once the memo can no longer serve it. */
  forget(userId?: string) {
    this.#generation += 1;
    if (userId) this.#members.delete(userId);
    else this.#members.clear();
  }

  async check(claims: GateClaims): Promise<GateAnswer> {
    let member = this.#members.get(claims.userId);
    if (!member) {
      const generation = this.#generation;
      const row = await this.#fill(claims);
      if (!row) return { ok: false, fallback: true };
      if (row.u_token_version !== claims.tokenVersion) return { ok: false, fallback: true };
      // A super admin outside the project is not memoised: no membership change would drop it.
      if (!row.p_id || !row.member_role) return { ok: false, fallback: true };
      member = { tokenVersion: row.u_token_version, email: row.u_email, orgRoles: row.u_roles, role: row.member_role };
      if (generation === this.#generation) this.#members.set(claims.userId, member);
    }
    // A token of an older version (signed out, password changed): the Worker decides between
    // another credential on the request and 401.
    if (member.tokenVersion !== claims.tokenVersion) return { ok: false, fallback: true };
    const flags = applyPreview(effectiveRoles(member.orgRoles, member.role), claims.preview);
    if (!can(flags, claims.action)) {
      return {
        ok: false,
        fallback: false,
        status: 403,
        msg: `${claims.action} - ${flagNames(flags).join(",") || "guest"} : Not allowed`,
      };
    }
    return { ok: true, flags, email: member.email };
  }

  async #fill(claims: GateClaims): Promise<FillRow | null> {
    this.fills += 1;
    const db = this.db();
    // The primary, never a replica: a replica may lag behind a revocation that was just pushed.
    const session = typeof db.withSession === "function" ? db.withSession("first-primary") : db;
    return session
      .prepare(
        `SELECT u.roles AS u_roles, u.email AS u_email, u.token_version AS u_token_version, p.id AS p_id, pu.roles AS member_role
         FROM users u
         LEFT JOIN projects p ON p.id = ?2 AND p.deleted = 0
         LEFT JOIN project_users pu ON pu.project_id = p.id AND pu.user_id = u.id
         WHERE u.id = ?1`,
      )
      .bind(claims.userId, claims.projectId)
      .first<FillRow>();
  }
}
