import { Hono, type Context } from "hono";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { badRequest, HttpError, notFound, unauthorized } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import {
  authenticationOptions,
  deletePasskey,
  hasPasskey,
  listPasskeys,
  PASSKEY_NOT_VERIFIED,
  passkeyOwner,
  registerPasskey,
  registrationOptions,
  verifyPasskey,
} from "../../lib/passkeys";
import {
  addressKeys,
  countingRefusals,
  limitAttempts,
  signinAddressKeys,
  signinFailureKeys,
  twoFactorFailureKeys,
} from "../../lib/rate-limit";
import { browserMark } from "../../lib/signin-browser";
import { logSecurity } from "../../lib/security-log";
import { jsonBody } from "../../lib/validate";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { passkeyRegisterBody, passkeySigninBody, passkeyTicketBody, passkeyTicketVerifyBody } from "./schemas";
import { startSession } from "./start-session";
import { signedInUser, ticketUser } from "./two-factor";
import { findUserByIdFull } from "./users";

const NO_PASSKEY = "You have no passkey: use a code from your authenticator app";

/**
 * What a refused passkey sign-in counts against, as a wrong password does: the credential's user
 * with this browser's mark or address, and the address (lib/rate-limit.ts). A credential nobody
 * holds counts against the address alone.
 */
async function signinRefusalKeys(c: Context<AppEnv>, credentialId: string): Promise<string[]> {
  const owner = await passkeyOwner(c.env.META, credentialId);
  if (owner) return signinFailureKeys(c, owner.email, await browserMark(c, owner.email));
  return signinAddressKeys(c);
}

/** A refused assertion is logged like a wrong code, then answered as it was. */
async function refusedAs(
  c: Context<AppEnv>,
  kind: "signin.failure" | "signin.second_factor_failure",
  e: unknown,
  user: { id: string; email: string } | null = null,
) {
  if (e instanceof HttpError && e.status === 400) {
    await logSecurity(c, { kind, user, detail: { method: "passkey", reason: e.message } });
  }
  return e;
}

/**
 * Passkeys (issue 41): the signed-in user registers, lists and removes them; anyone signs in with
 * one (a discoverable key: no e-mail asked); a user with two-factor sign-in on may answer the
 * ticket with one instead of a code. A passkey sign-in proves possession and user verification
 * (two factors itself), so it never asks for a code.
 */
export const passkeys = new Hono<AppEnv>()
  .get("/passkeys", need("signedIn"), async (c) => {
    const user = await signedInUser(c);
    return c.json({ list: await listPasskeys(c.env.META, user.id) });
  })

  .post("/passkeys/register/options", need("signedIn"), async (c) => {
    return c.json(await registrationOptions(c, await signedInUser(c)));
  })

  .post("/passkeys/register/verify", need("signedIn"), body(passkeyRegisterBody), async (c) => {
    const { response, name } = await jsonBody(c, passkeyRegisterBody);
    const user = await signedInUser(c);
    const added = await registerPasskey(c, user, response as unknown as RegistrationResponseJSON, name);
    if (!added) throw badRequest(PASSKEY_NOT_VERIFIED);
    await logSecurity(c, { kind: "passkey.added", user, detail: { name } });
    return c.json(added);
  })

  .delete("/passkeys/:id", need("signedIn"), async (c) => {
    const user = await signedInUser(c);
    // Another user's passkey answers as a missing one: ids of others are not confirmed.
    const name = await deletePasskey(c.env.META, user.id, c.req.param("id"));
    if (name === null) throw notFound("Passkey not found");
    await logSecurity(c, { kind: "passkey.removed", user, detail: { name } });
    return c.json({ msg: "Passkey removed" });
  })

  // Each call stores a challenge: limited per address like sign-ups, so nobody fills the table.
  .post("/passkeys/signin/options", need("public"), async (c) => {
    await limitAttempts(c, addressKeys(c, "passkey-options"));
    return c.json(await authenticationOptions(c, "signin", null));
  })

  .post("/passkeys/signin/verify", need("public"), body(passkeySigninBody), async (c) => {
    const { response } = await jsonBody(c, passkeySigninBody);
    const assertion = response as unknown as AuthenticationResponseJSON;
    const keys = await signinRefusalKeys(c, assertion.id);
    const proof = await countingRefusals(c, keys, () =>
      verifyPasskey(c, "signin", assertion, null).catch(async (e: unknown) =>
        Promise.reject(await refusedAs(c, "signin.failure", e)),
      ),
    );
    const user = await findUserByIdFull(c.env.META, proof.userId);
    if (!user) throw unauthorized();
    await logSecurity(c, { kind: "signin.success", user, detail: { method: "passkey", passkey: proof.passkey.name } });
    return c.json({ token: await startSession(c, user) });
  })

  .post("/2fa/passkey/options", need("public"), body(passkeyTicketBody), async (c) => {
    const { ticket } = await jsonBody(c, passkeyTicketBody);
    await limitAttempts(c, addressKeys(c, "passkey-options"));
    const user = await ticketUser(c, ticket);
    if (!(await hasPasskey(c.env.META, user.id))) throw badRequest(NO_PASSKEY);
    return c.json(await authenticationOptions(c, "2fa", user.id));
  })

  .post("/2fa/passkey/verify", need("public"), body(passkeyTicketVerifyBody), async (c) => {
    const { ticket, response } = await jsonBody(c, passkeyTicketVerifyBody);
    const user = await ticketUser(c, ticket);
    // Counted with wrong codes: a passkey is one more way to answer the same step.
    const keys = twoFactorFailureKeys(c, user.id, await browserMark(c, user.email));
    const proof = await countingRefusals(c, keys, () =>
      verifyPasskey(c, "2fa", response as unknown as AuthenticationResponseJSON, user.id).catch(async (e: unknown) =>
        Promise.reject(await refusedAs(c, "signin.second_factor_failure", e, user)),
      ),
    );
    await logSecurity(c, {
      kind: "signin.success",
      user,
      detail: { method: "two_factor_passkey", passkey: proof.passkey.name },
    });
    return c.json({ token: await startSession(c, user) });
  });
