import { Hono } from "hono";
import type { AppEnv } from "../../types";
import { passkeys } from "./passkeys";
import { oidc } from "./oidc";
import { passwordChange } from "./password-change";
import { passwordReset } from "./password-reset";
import { refreshSignout } from "./refresh-signout";
import { signupSignin } from "./signup-signin";
import { social } from "./social";
import { sessions } from "./sessions";
import { twoFactor } from "./two-factor";

/**
 * The accounts API (API-CONTRACT §2), mounted at /api/v1/auth and at its legacy aliases /auth and
 * /api/v1/db/auth. Social routes come last: their `/:provider` patterns must not shadow the rest.
 */
export const auth = new Hono<AppEnv>({ strict: false })
  .route("/", signupSignin)
  .route("/", refreshSignout)
  .route("/", passwordReset)
  .route("/", passwordChange)
  .route("/", twoFactor)
  .route("/", passkeys)
  .route("/", sessions)
  .route("/", oidc)
  .route("/", social);
