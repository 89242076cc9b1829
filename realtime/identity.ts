import type { RoleFlags } from "../db/acl/roles";

/** Set by the Worker after it checked the socket's access (functions/lib/socket-auth.ts); never by a client. */
export const IDENTITY_HEADER = "x-gridbase-identity";

export interface SocketIdentity {
  userId: string;
  email: string;
  name: string;
  roles: RoleFlags;
}
