import { findProjectWithRole } from "../../../lib/projects";
import { refuseTokenAction, refuseTokenProject } from "../../../lib/token-limits";
import { primaryDb } from "../../../lib/d1-session";
import { HttpError, badRequest } from "../../../lib/http-error";
import { readTurnstile } from "../../../lib/integrations";
import { b64url, equalText, macOf } from "../../../lib/mac";
import { currentUser } from "../../../lib/session";
import { refuseUntilTwoFactorSetUp } from "../../../lib/two-factor-due";
import { rulesOf, submitAccessOf } from "../../../lib/share-rules";
import { DEFAULT_MIN_FILL_SECONDS } from "../../../../db/views/form/fill-time";
import { toFlags } from "../../../../db/acl/roles";
import type { Actor } from "../../../../db/rows/audit";
import type { Ctx } from "../../data/context";
import type { Shared } from "./access";
import type { Env } from "../../../../realtime/env";

/**
 * The gate in front of a shared form's submission (issue 22): who may submit, and spam checks that
 * track no visitor (no cookie, nothing stored about them):
 * - a honeypot field people never see (`gb_hp`), in a multipart submission or a JSON body:
 *   filled means a bot;
 * - a start token signed by the server when the form's meta is read (`gb_start`, or the
 *   `xc-form-start` header), always required: a submission sooner than the share's
 *   `minFillSeconds` (DEFAULT_MIN_FILL_SECONDS unless set) after it is refused, as is a forged or
 *   an old token, or one already used (each token sends one record; see useStartToken);
 * - Cloudflare Turnstile when its keys are set in the app store: the widget's answer
 *   (`cf-turnstile-response`) is checked at the verify endpoint (TURNSTILE_VERIFY_URL).
 * The per-address submit limit (submit.ts) comes on top.
 */
export const HONEYPOT_FIELD = "gb_hp";
export const START_FIELD = "gb_start";
export const TURNSTILE_FIELD = "cf-turnstile-response";
/** The gate's own fields: never part of the record, whichever way they come. */
export const GATE_FIELDS = [HONEYPOT_FIELD, START_FIELD, TURNSTILE_FIELD] as const;
export const DEFAULT_TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** A start token older than this is refused: the visitor reloads the form. */
const START_MAX_AGE_MS = 2 * 3600 * 1000;

export const SPAM_REFUSED = "The submission was refused as spam";
export const TOO_FAST =
  "The form was sent too quickly after it was opened, please check your answers and send it again";
export const START_USED = "This form was already sent once: reload it to send another answer";

// Its own purpose in the signed text: a start token is never valid as anything else.
const sign = (env: Env, text: string) => macOf(env, "form-start", text);

/** `<issued ms>.<nonce>.<signature>`, bound to the share's uuid; the nonce makes each one single. */
export async function formStartToken(env: Env, uuid: string, now = Date.now()): Promise<string> {
  const nonce = b64url(crypto.getRandomValues(new Uint8Array(12)));
  return `${now}.${nonce}.${await sign(env, `${uuid}|${now}|${nonce}`)}`;
}

/** The minimum fill time of a share, in seconds. */
export const minFillSeconds = (s: Shared) => rulesOf(s.share.meta).minFillSeconds ?? DEFAULT_MIN_FILL_SECONDS;

/** Checks a start token's signature and age; answers the key it is recorded under once used. */
async function checkStart(c: Ctx, s: Shared, token: string | undefined): Promise<string> {
  const [at, nonce, mac, extra] = (token ?? "").slice(0, 200).split(".");
  const issued = Number(at);
  if (
    !at ||
    !nonce ||
    !mac ||
    extra !== undefined ||
    !Number.isSafeInteger(issued) ||
    !equalText(mac, await sign(c.env, `${s.share.uuid}|${issued}|${nonce}`))
  ) {
    throw badRequest("The form's start token is missing or not valid: reload the form and send it again");
  }
  const age = Date.now() - issued;
  if (age > START_MAX_AGE_MS) throw badRequest("The form was opened too long ago: reload it and send it again");
  if (age < minFillSeconds(s) * 1000) throw badRequest(TOO_FAST);
  return `form-start:${mac}`;
}

/**
 * Marks a start token used, or refuses it when it already is. Kept in D1's attempt table (one row
 * per token, its window the token's expiry), which holds short-lived keys already; the expired
 * ones are removed on the way, so the table holds at most two hours of submissions.
 */
async function useStartToken(c: Ctx, key: string): Promise<void> {
  const now = Date.now();
  const [, used] = await c.env.META.batch<{ key: string }>([
    c.env.META.prepare(
      "DELETE FROM rate_limits WHERE key >= 'form-start:' AND key < 'form-start;' AND window_start < ?",
    ).bind(now),
    c.env.META.prepare(
      "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1) ON CONFLICT(key) DO NOTHING RETURNING key",
    ).bind(key, now + START_MAX_AGE_MS),
  ]);
  if (!used?.results.length) throw badRequest(START_USED);
}

/** Makes a start token usable again: its submission was refused after the gate (nothing stored). */
export async function releaseStartToken(c: Ctx, key: string): Promise<void> {
  await c.env.META.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key).run();
}

async function checkTurnstile(c: Ctx, answer: string | undefined) {
  const config = await readTurnstile(c.env);
  if (!config) return;
  if (!answer) throw new HttpError(403, "Please complete the spam check (Turnstile) before sending");
  let ok = false;
  try {
    const res = await fetch(c.env.TURNSTILE_VERIFY_URL || DEFAULT_TURNSTILE_VERIFY_URL, {
      method: "POST",
      // No visitor address is passed on: the check needs only the widget's answer.
      body: new URLSearchParams({ secret: config.secretKey, response: answer.slice(0, 2048) }),
      signal: AbortSignal.timeout(10_000),
    });
    ok = res.ok && Boolean(((await res.json()) as { success?: unknown }).success === true);
  } catch {
    throw new HttpError(503, "The spam check (Turnstile) could not be reached, please try again");
  }
  if (!ok) throw new HttpError(403, "The spam check (Turnstile) failed, please try again");
}

/**
 * Who may submit (the share's `submitAccess`): anyone; a signed-in user (401 without a session);
 * a member of the project (403 for others; the super admin counts as one). Answers the actor the
 * submission is recorded under: the user, or the anonymous visitor.
 */
export async function submitter(c: Ctx, s: Shared): Promise<Actor> {
  const access = submitAccessOf(rulesOf(s.share.meta));
  const user = access === "anyone" ? await currentUser(c).catch(() => null) : await currentUser(c);
  if (access !== "anyone" && !user) throw new HttpError(401, "Sign in to submit this form");
  if (access !== "anyone") refuseUntilTwoFactorSetUp(c);
  // A submission recorded under an API token's owner is a record write in the form's project (issue 41).
  if (user && c.get("tokenLimits")) {
    refuseTokenProject(c, s.projectId);
    refuseTokenAction(c, "dataInsert");
  }
  if (access === "members" && user && !toFlags(user.roles).super) {
    const found = await findProjectWithRole(primaryDb(c.env.META), s.projectId, user.id);
    if (!found?.role) throw new HttpError(403, "Only members of this project may submit this form");
  }
  return user ? { id: user.id, email: user.email } : { id: "", email: "shared form visitor" };
}

/**
 * The spam checks in order: the honeypot, the start token, Turnstile (the one that calls out
 * last), then the start token is used up. Answers its key, to release it if the record is refused.
 */
export async function checkSpam(c: Ctx, s: Shared, fields: ReadonlyMap<string, string>): Promise<string> {
  if (fields.get(HONEYPOT_FIELD)) throw badRequest(SPAM_REFUSED);
  const start = await checkStart(c, s, fields.get(START_FIELD) ?? c.req.header("xc-form-start"));
  await checkTurnstile(c, fields.get(TURNSTILE_FIELD) ?? c.req.header("xc-turnstile"));
  await useStartToken(c, start);
  return start;
}
