import type { MiddlewareHandler } from "hono";
import { apiTokenUser } from "../../lib/api-tokens";
import { siteUrl } from "../../lib/site-url";
import { HttpError } from "../../lib/http-error";
import type { AppEnv, SessionUser } from "../../types";

/** What a client without a usable token is told to send (RFC 6750 §3). */
const CHALLENGE = 'Bearer realm="gridbase", error="invalid_token"';

/** The API token of an MCP request: `Authorization: Bearer <token>`, or the API's own `xc-token`. */
function tokenOf(authorization: string | undefined, xcToken: string | undefined): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  return bearer ?? xcToken ?? undefined;
}

/**
 * The MCP server's caller is an API token's owner, as for `xc-token` everywhere (contract 1.3):
 * the user is set here, so need("signedIn") after it and every tool read the same user. A missing
 * or unknown token is a 401 with a WWW-Authenticate challenge, as HTTP clients of MCP expect.
 */
export const tokenUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = tokenOf(c.req.header("authorization"), c.req.header("xc-token"));
  let user: SessionUser | null = null;
  let refusal = token ? "Invalid API token" : "An API token is required (Authorization: Bearer <token>)";
  try {
    user = token ? await apiTokenUser(c, token) : null;
  } catch (err) {
    // An expired token (issue 41) says so, with the same challenge.
    if (!(err instanceof HttpError && err.status === 401)) throw err;
    refusal = err.message;
  }
  if (!user) return c.json({ msg: refusal }, 401, { "WWW-Authenticate": CHALLENGE });
  c.set("user", user);
  c.set("isApiToken", true);
  await next();
};

/**
 * The spec asks servers to check `Origin` (DNS rebinding): assistants call from outside a browser
 * and send none; a browser page may call only from this site's own origin (no CORS is offered).
 */
export const ownOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  if (origin && origin !== new URL(c.req.url).origin && origin !== siteUrl(c)) {
    return c.json({ msg: `Origin '${origin}' may not call the MCP server` }, 403);
  }
  await next();
};
