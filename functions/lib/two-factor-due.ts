import type { Context } from "hono";
import type { AppEnv } from "../types";
import { forbidden } from "./http-error";

/**
 * A session made for a user who must set up two-factor sign-in (required of everyone or of this
 * user, and not on) reaches only the set-up, sign-out and "me": the web sends such a user to the
 * profile page, and this keeps a script or another client from using the session meanwhile. The
 * mark is in the session token (`two_factor_due`, lib/jwt.ts), so the check costs no query. API
 * tokens are never marked: they are unaffected, as issue 41 asks.
 */
export const TWO_FACTOR_SETUP_REQUIRED =
  "Two-factor sign-in is required for your account: set it up on your profile page before anything else";

/** 403 when this request's session must set up two-factor sign-in first. */
export function refuseUntilTwoFactorSetUp(c: Context<AppEnv>): void {
  if (c.get("twoFactorDue")) throw forbidden(TWO_FACTOR_SETUP_REQUIRED);
}
