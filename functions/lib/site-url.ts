import type { Context } from "hono";
import type { AppEnv } from "../types";
import { HttpError } from "./http-error";

/** The public origin for shared URLs and sign-in redirects: SITE_URL, else the request's origin. */
export function siteUrl(c: Context<AppEnv>): string {
  return (c.env.SITE_URL || new URL(c.req.url).origin).replace(/\/+$/, "");
}

/**
 * The origin of links sent by e-mail (password reset, invitations). Outside local mode it must be
 * SITE_URL: a request's Host header is the caller's to choose, and a reset link pointing at an
 * attacker's host would hand them the token. Without it such mail is refused, before any lookup,
 * so the refusal says nothing about the address asked for.
 */
export function mailSiteUrl(c: Context<AppEnv>): string {
  if (c.env.SITE_URL) return c.env.SITE_URL.replace(/\/+$/, "");
  if (c.env.MODE === "local") return new URL(c.req.url).origin;
  console.error("SITE_URL is not set; refusing to send a link by e-mail");
  throw new HttpError(500, "This server cannot send links by e-mail: SITE_URL is not configured");
}
