import type { RoleFlags } from "../db/acl/roles";
import type { Env } from "../realtime/env";
import type { ProjectRow } from "./lib/projects";
import type { GateClaims } from "../realtime/access-gate";
import type { TokenLimits } from "../db/acl/token-scope";

import type { SessionUser } from "./lib/session-user";
export type { SessionUser };

/** Hono generics shared by every sub-app. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** Resolved lazily by session.ts; undefined until asked, null when anonymous. */
    user: SessionUser | null | undefined;
    /** Set by need(<project action>): the project in the path and the caller's roles in it. */
    project: ProjectRow;
    roles: RoleFlags;
    /** True when access comes from an `xc-shared-base-id` header rather than a session. */
    isPublicBase: boolean;
    /** Set by needInRoom: the claims the project room checks before the data call (one hop). */
    gate: GateClaims | undefined;
    /** True when the caller is an `xc-token` API token rather than a session. */
    isApiToken: boolean;
    /** True when the session must set up two-factor sign-in first (lib/two-factor-due.ts). */
    twoFactorDue: boolean;
    /** Set with isApiToken: the token's scope and projects (db/acl/token-scope.ts). */
    tokenLimits: TokenLimits | undefined;
  };
}
