import { addressRule, checkUrl, type AddressRule } from "../../db/net/public-address";
import type { Env } from "../env";
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
      const stored = await readEmailConfig(env);
      if (stored) return httpMailer(stored, addressRule(env)).send(mail);
      const config = env.EMAIL_HTTP_URL
        ? { url: env.EMAIL_HTTP_URL, token: env.EMAIL_HTTP_TOKEN, from: env.EMAIL_FROM }
        : null;
      return (config ? httpMailer(config) : outboxMailer(env)).send(mail);
    },
  };
}

function outboxMailer(env: Env): Mailer {
  return {
    async send(mail) {
      await env.META.prepare("INSERT INTO outbox (to_email, subject, body, link, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(mail.to, mail.subject, mail.text, mail.link ?? null, Date.now())
        .run();
      // Links carry one-time tokens: printed only for a developer's local server, never in production.
      if (env.MODE === "local") console.log(`[mail] to ${mail.to}: ${mail.subject}${mail.link ? ` ${mail.link}` : ""}`);
    },
  };
}

/**
 * `rule`: the address rule for a provider set in the app store (checked again when sending: its
 * name may resolve elsewhere by now); EMAIL_HTTP_URL is the operator's own setting and has none.
 */
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
