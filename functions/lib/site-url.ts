import type { Context } from "hono";
import type { AppEnv } from "../types";

/** The public origin for links in mail and shared URLs: SITE_URL, else the request's origin. */
export function siteUrl(c: Context<AppEnv>): string {
  return (c.env.SITE_URL || new URL(c.req.url).origin).replace(/\/+$/, "");
}
