import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { constantTimeEqual } from "../../../db/auth/bytes";
import { randomHex } from "../../../db/ids";
import { badRequest } from "../../lib/http-error";
import { siteUrl } from "../../lib/site-url";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { exchangeCode, oauthProvider, type OAuthProfile } from "./oauth-providers";
import { NOT_ALLOWED_TO_SIGNUP } from "./signup-signin";
import { finishSignin } from "./start-session";
import { createUser, findUserByEmail, hasAnyUser, isInviteOnly, nowIso, type UserRow } from "./users";

/**
 * Social sign-in. `state` is `<provider>.<nonce>`: the web page reads the provider from it when the
 * provider redirects back to /signin, and the nonce must equal the `oauth_state` cookie set when
 * the flow started, so a code cannot be planted into someone else's browser (login CSRF).
 */
const STATE_COOKIE = "oauth_state";
const STATE_TTL_SECONDS = 600;

const redirectUri = (c: Context<AppEnv>) => `${siteUrl(c)}/signin`;
const cookieOptions = (c: Context<AppEnv>) =>
  ({ httpOnly: true, sameSite: "Lax", path: "/", secure: new URL(c.req.url).protocol === "https:" }) as const;

function checkState(c: Context<AppEnv>, provider: string): void {
  const expected = getCookie(c, STATE_COOKIE) ?? "";
  const state = c.req.query("state") ?? "";
  const nonce = state.startsWith(`${provider}.`) ? state.slice(provider.length + 1) : "";
  const enc = new TextEncoder();
  // A nonce is single use, whatever the outcome.
  deleteCookie(c, STATE_COOKIE, cookieOptions(c));
  if (!expected || !nonce || !constantTimeEqual(enc.encode(nonce), enc.encode(expected))) {
    throw badRequest("Invalid OAuth state");
  }
}

/**
 * The account for a verified provider e-mail: the existing one (the provider proved the mailbox,
 * which also accepts a pending invite), or a new one when sign-up is open. SSO passes its own
 * roles for new users, and `openSignup` when its allowed domains already decided who may join.
 */
export async function accountFor(
  c: Context<AppEnv>,
  provider: string,
  profile: OAuthProfile,
  opts: { roles?: string; openSignup?: boolean } = {},
): Promise<UserRow> {
  const email = profile.email.trim().toLowerCase();
  const existing = await findUserByEmail(c.env.META, email);
  if (existing) {
    return (
      (await c.env.META.prepare(
        `UPDATE users SET email_verified = 1, invite_token = NULL, invite_expires_at = NULL, updated_at = ?
         WHERE id = ? RETURNING *`,
      )
        .bind(nowIso(), existing.id)
        .first<UserRow>()) ?? existing
    );
  }
  if (!opts.openSignup && (await isInviteOnly(c.env)) && (await hasAnyUser(c.env.META)))
    throw badRequest(NOT_ALLOWED_TO_SIGNUP);
  const created = await createUser(c.env.META, {
    email,
    passwordHash: null,
    firstname: profile.firstname,
    lastname: profile.lastname,
    provider,
    emailVerified: true,
    roles: opts.roles,
  });
  // Lost a race with a simultaneous first sign-in of the same account: use the winner's row.
  const user = created ?? (await findUserByEmail(c.env.META, email));
  if (!user) throw badRequest("Sign-in failed, please try again");
  return user;
}

export const social = new Hono<AppEnv>()
  .get("/:provider", need("public"), (c) => {
    const provider = oauthProvider(c.env, c.req.param("provider"));
    const nonce = randomHex(16);
    setCookie(c, STATE_COOKIE, nonce, { ...cookieOptions(c), maxAge: STATE_TTL_SECONDS });
    const url = new URL(provider.authUrl);
    url.searchParams.set("client_id", provider.clientId);
    url.searchParams.set("redirect_uri", redirectUri(c));
    url.searchParams.set("scope", provider.scope);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("state", `${provider.name}.${nonce}`);
    return c.redirect(url.toString(), 302);
  })

  .post("/:provider/genTokenByCode", need("public"), async (c) => {
    const provider = oauthProvider(c.env, c.req.param("provider"));
    checkState(c, provider.name);
    const code = c.req.query("code");
    if (!code) throw badRequest("Missing authorization code");
    const accessToken = await exchangeCode(provider, code, redirectUri(c));
    const profile = await provider.profile(accessToken);
    const user = await accountFor(c, provider.name, profile);
    return c.json(await finishSignin(c, user, provider.name));
  });
