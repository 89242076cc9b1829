import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../types";
import { b64url, equalText, macOf } from "./mac";

/**
 * A mark a browser gets when it signs in (or signs up) as an e-mail: `<nonce>.<mac of nonce and
 * e-mail>`. Sign-in failures of a browser holding the mark for the e-mail count under the mark,
 * apart from everyone else's (lib/rate-limit.ts): in local mode, where callers have no address,
 * someone else's wrong guesses no longer lock the owner out. Only a successful sign-in gives the
 * mark, so a guesser cannot make fresh ones to escape the limit; it grants nothing else.
 */
const COOKIE = "gb_signin_browser";
const PURPOSE = "signin-browser";
const MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The nonce of the caller's mark when it was given for `email`, else null. */
export async function browserMark(c: Context<AppEnv>, email: string): Promise<string | null> {
  const [nonce, mac, extra] = (getCookie(c, COOKIE) ?? "").slice(0, 200).split(".");
  if (!nonce || !mac || extra !== undefined) return null;
  return equalText(mac, await macOf(c.env, PURPOSE, `${nonce}|${email}`)) ? nonce : null;
}

/** Gives the browser the mark of `email` (the one it signed in as last). */
export async function markBrowser(c: Context<AppEnv>, email: string): Promise<void> {
  const nonce = b64url(crypto.getRandomValues(new Uint8Array(12)));
  setCookie(c, COOKIE, `${nonce}.${await macOf(c.env, PURPOSE, `${nonce}|${email}`)}`, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: MAX_AGE_SECONDS,
  });
}
