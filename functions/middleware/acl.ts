import type { MiddlewareHandler } from "hono";
import type { Access } from "../../db/acl/actions";
import { unauthorized } from "../lib/http-error";
import { currentUser } from "../lib/session";
import type { AppEnv } from "../types";

/** A middleware that carries the access it enforces, so tests can walk every route. */
export type AclMiddleware = MiddlewareHandler<AppEnv> & { access: Access };

/** Every route declares what it needs with `need(...)`; a test fails for a route without one. */
export function need(access: Access): AclMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (access !== "public") {
      const user = await currentUser(c);
      if (!user) throw unauthorized();
    }
    await next();
  };
  return Object.assign(mw, { access });
}

export function isAclMiddleware(fn: unknown): fn is AclMiddleware {
  return typeof fn === "function" && typeof (fn as Partial<AclMiddleware>).access === "string";
}
