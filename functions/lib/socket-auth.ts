import { toFlags } from "../../db/acl/roles";
import { IDENTITY_HEADER, socketRoles, type SocketIdentity } from "../../realtime/identity";
import { can } from "../../db/acl/matrix";
import type { Env } from "../../realtime/env";
import { verifySessionToken } from "./jwt";
import { TWO_FACTOR_SETUP_REQUIRED } from "./two-factor-due";
import { findSessionProject, findSharedProject } from "./projects";

/**
 * The WebSocket subprotocol the web client asks for; its session token rides beside it as a
 * second entry, `auth.<jwt>`. Browsers cannot set headers on a WebSocket and a token in the URL
 * ends up in request logs, so the Sec-WebSocket-Protocol header carries it. The answer names
 * only SOCKET_PROTOCOL (functions/index.ts), never the token.
 */
export const SOCKET_PROTOCOL = "gridbase";
const AUTH_PREFIX = "auth.";

/** The entries of a Sec-WebSocket-Protocol header. */
export function offeredProtocols(req: Request): string[] {
  return (req.headers.get("Sec-WebSocket-Protocol") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The session token of a socket request: the `xc-auth` header, or the `auth.<jwt>` subprotocol. */
function socketToken(req: Request): string | null {
  const offered = offeredProtocols(req).find((p) => p.startsWith(AUTH_PREFIX));
  return req.headers.get("xc-auth") ?? (offered ? offered.slice(AUTH_PREFIX.length) : null);
}

/**
 * Checks a WebSocket upgrade to `/parties/project/<projectId>` before it reaches the room: the
 * session token (`xc-auth` header or the `auth.<jwt>` subprotocol; never the URL) must belong to
 * a project member, or `shared` must be the project's shared-base uuid. Anything else is refused
 * before the upgrade; a client-supplied identity header is always replaced, and the token is
 * not passed on to the room.
 */
export async function authorizeSocket(req: Request, env: Env, projectId: string): Promise<Request | Response> {
  const url = new URL(req.url);
  const token = socketToken(req);
  const shared = url.searchParams.get("shared") ?? req.headers.get("xc-shared-base-id");
  let identity: SocketIdentity | null = null;
  const claims = token ? await verifySessionToken(env, token) : null;
  // A session that must set up two-factor sign-in first opens no project (lib/two-factor-due.ts).
  if (claims?.two_factor_due) return Response.json({ msg: TWO_FACTOR_SETUP_REQUIRED }, { status: 403 });
  if (claims) {
    const found = await findSessionProject(env.META, claims, projectId);
    const preview = url.searchParams.get("preview");
    const roles = found?.project ? socketRoles(found.user.roles, found.role, preview) : null;
    if (found && roles) {
      const name =
        [found.user.firstname, found.user.lastname].filter(Boolean).join(" ") || found.user.email.split("@")[0]!;
      const { id, email, token_version } = found.user;
      identity = { userId: id, email, name, roles, tokenVersion: token_version, preview };
    }
  }
  if (!identity && shared) {
    const project = await findSharedProject(env.META, shared);
    if (project?.id === projectId && project.shared_role) {
      identity = {
        userId: `visitor:${crypto.randomUUID()}`,
        email: "",
        name: "Visitor",
        roles: toFlags(project.shared_role),
        shared,
      };
    }
  }
  // API tokens (of any scope) never open a socket: it is the web app's live view, followed by
  // session revocations only (realtime/socket-access.ts), which a deleted or expired token is not.
  if (!identity && !shared && req.headers.get("xc-token")) {
    return Response.json({ msg: "API tokens cannot open the realtime socket: sign in" }, { status: 401 });
  }
  if (!identity || !can(identity.roles, "dataList")) {
    return Response.json(
      { msg: token || shared ? "You don't have access to this project" : "Unauthorized access" },
      { status: token || shared ? 403 : 401 },
    );
  }
  const headers = new Headers(req.headers);
  headers.set(IDENTITY_HEADER, JSON.stringify(identity));
  headers.delete("xc-auth");
  headers.delete("Sec-WebSocket-Protocol");
  return new Request(req, { headers });
}
