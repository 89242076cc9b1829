import { can } from "../db/acl/matrix";
import { applyPreview, effectiveRoles, toFlags, type ProjectRole, type RoleFlags } from "../db/acl/roles";

/** Set by the Worker after it checked the socket's access (functions/lib/socket-auth.ts); never by a client. */
export const IDENTITY_HEADER = "x-gridbase-identity";

export interface SocketIdentity {
  userId: string;
  email: string;
  name: string;
  roles: RoleFlags;
  /**
   * What the roles were made from, kept so that the room can make them again after a revocation
   * (realtime/socket-access.ts): a member's token_version and `preview`, a visitor's shared uuid.
   */
  tokenVersion?: string;
  preview?: string | null;
  shared?: string;
}

/**
 * A member's (or super admin's) roles on a socket, or null when they may not have one: at the
 * upgrade (socket-auth.ts) and again in the room after every revocation (socket-access.ts).
 */
export function socketRoles(orgRoles: string, memberRole: ProjectRole | null, preview: string | null | undefined) {
  if (!memberRole && !toFlags(orgRoles).super) return null;
  const roles = applyPreview(effectiveRoles(orgRoles, memberRole), preview);
  return can(roles, "dataList") ? roles : null;
}
