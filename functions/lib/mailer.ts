import type { Context } from "hono";
import { addressRule, checkUrl, type AddressRule } from "../../db/net/public-address";
import type { Env } from "../../realtime/env";
import type { AppEnv } from "../types";
import { HttpError } from "./http-error";
import { readEmailConfig, type EmailConfig } from "./integrations";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The actionable link inside `text`, kept apart so local mode can print it and tests read it. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const DEFAULT_FROM = "Gridbase <no-reply@gridbase.local>";

/**
 * Mail is POSTed as JSON to an HTTP e-mail provider: the one configured in the app store (/apps),
 * else EMAIL_HTTP_URL. Without either it is kept in the D1 outbox (and in local mode its link is
 * printed, so a developer can follow it).
 */
export function createMailer(env: Env): Mailer {
  return {
    async send(mail) {
      const provider = await providerOf(env);
      return (provider ?? outboxMailer(env)).send(mail);
    },
  };
}

/**
 * The HTTP provider: the app store's (checked by the address rule again when sending: its name may
 * resolve elsewhere by now), else EMAIL_HTTP_URL (the operator's own setting); null for none.
 */
async function providerOf(env: Env): Promise<Mailer | null> {
  const stored = await readEmailConfig(env);
  if (stored) return httpMailer(stored, addressRule(env));
  return env.EMAIL_HTTP_URL
    ? httpMailer({ url: env.EMAIL_HTTP_URL, token: env.EMAIL_HTTP_TOKEN, from: env.EMAIL_FROM })
    : null;
}

/**
 * Mail to an address that may have no account (forgot password, sign-up of a known address), with
 * the same work and answer whether it has one or not (`mail` null): a provider is called after
 * the answer, and its refusal only logged, since an error for known addresses alone would tell
 * them apart; the outbox runs one insert either way, which for no mail inserts nothing.
 */
export async function sendBlind(c: Context<AppEnv>, mail: Mail | null): Promise<void> {
  const provider = await providerOf(c.env);
  if (!provider) return outboxMailer(c.env).send(mail);
  if (!mail) return;
  const work = provider.send(mail).catch(() => undefined);
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (an app called directly, as some tests do): wait for it here.
    await work;
  }
}

function outboxMailer(env: Env): { send(mail: Mail | null): Promise<void> } {
  return {
    async send(mail) {
      await env.META.prepare(
        "INSERT INTO outbox (to_email, subject, body, link, created_at) SELECT ?, ?, ?, ?, ? WHERE ?",
      )
        .bind(mail?.to ?? "", mail?.subject ?? "", mail?.text ?? "", mail?.link ?? null, Date.now(), mail ? 1 : 0)
        .run();
      if (!mail) return;
      // Links carry one-time tokens: printed only for a developer's local server, never in production.
      if (env.MODE === "local") console.log(`[mail] to ${mail.to}: ${mail.subject}${mail.link ? ` ${mail.link}` : ""}`);
    },
  };
}

/** `rule`: the address rule for a provider set in the app store; EMAIL_HTTP_URL has none. */
export function httpMailer(config: EmailConfig, rule?: AddressRule): Mailer {
  return {
    async send(mail) {
      const check = rule ? await checkUrl(config.url, rule) : null;
      if (check && !check.ok) throw new HttpError(400, `The email could not be sent: ${check.reason}`);
      let res: Response;
      try {
        res = await fetch(config.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
          },
          body: JSON.stringify({
            from: config.from || DEFAULT_FROM,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        res = new Response(null, { status: 599 });
      }
      // The provider's answer may echo the message (and its link), so only the status is logged.
      if (!res.ok) {
        console.error("mail provider refused", res.status);
        throw new HttpError(400, "The email could not be sent, please try again later");
      }
    },
  };
}
