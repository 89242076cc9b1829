import { z } from "zod";

/** A text field: missing → `<field>: Required`, wrong type → `<field>: Must be text`. */
export const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "Required" : "Must be text") })
    .max(max, `At most ${max} characters`);

/** E-mails are compared and stored trimmed and lower-cased; 254 is the SMTP path limit. */
export const email = z
  .string({ error: (issue) => (issue.input === undefined ? "Required" : "Must be text") })
  .trim()
  .toLowerCase()
  .max(254, "At most 254 characters")
  .pipe(z.email("Invalid email"));

/**
 * Passwords are bounded here only to keep the request small; the 128-character rule and the
 * others come from passwordProblem, whose messages start `Password : `.
 */
const password = text(4096);

export const signupBody = z.object({
  email,
  password,
  firstname: text(255).nullish(),
  lastname: text(255).nullish(),
  /** Invite token from the invitation link. */
  token: text(200).nullish(),
  ignore_subscribe: z.unknown().optional(),
});

export const signinBody = z.object({ email, password });

/** Missing e-mail has its own contract message, so it is optional here and checked by the route. */
export const forgotBody = z.object({
  email: z.string({ error: "Must be text" }).trim().toLowerCase().max(254, "At most 254 characters").optional(),
});

export const resetBody = z.object({ password });

/** Both optional here: a missing one answers the contract's `Missing new/old password`. */
export const changeBody = z.object({
  currentPassword: password.optional(),
  newPassword: password.optional(),
});

/** A second-factor code: six digits from the app, or a recovery code ("k7mq2-x4tpa"). */
const code = text(64).trim().min(1, "Required");

export const twoFactorCodeBody = z.object({ code });

export const twoFactorVerifyBody = z.object({ ticket: text(2048).min(1, "Required"), code });

/**
 * A WebAuthn response as @simplewebauthn/browser sends it: checked here only for the shape the
 * server reads before verifying (ids and the client data); the verifier checks the rest.
 */
const webauthnResponse = z
  .object({
    id: text(1024).min(1, "Required"),
    rawId: text(1024).min(1, "Required"),
    type: z.literal("public-key", "Must be public-key"),
    response: z.looseObject({ clientDataJSON: text(8192).min(1, "Required"), userHandle: text(1024).nullish() }),
    clientExtensionResults: z.looseObject({}).optional().default({}),
  })
  .loose();

const ticket = text(2048).min(1, "Required");

export const passkeyRegisterBody = z.object({ response: webauthnResponse, name: text(100).trim().min(1, "Required") });
export const passkeySigninBody = z.object({ response: webauthnResponse });
export const passkeyTicketBody = z.object({ ticket });
export const passkeyTicketVerifyBody = z.object({ ticket, response: webauthnResponse });
