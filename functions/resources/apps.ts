import { Hono, type Context } from "hono";
import { z } from "zod";
import { CHAT_KINDS } from "../../db/apps/settings-key";
import { chatBody, type ChatKind } from "../../db/hooks/notify";
import { addressRule, checkUrl } from "../../db/net/public-address";
import { badRequest } from "../lib/http-error";
import {
  deleteIntegration,
  EMAIL_ID,
  listIntegrations,
  OIDC_ID,
  readEmailConfig,
  readTarget,
  readTurnstile,
  saveEmailConfig,
  saveTarget,
  saveTurnstile,
  TURNSTILE_ID,
} from "../lib/integrations";
import { httpMailer } from "../lib/mailer";
import { discover } from "../lib/oidc-client";
import { OIDC_ROLES, readOidcConfig, saveOidcConfig } from "../lib/oidc-config";
import { body } from "../lib/openapi";
import { jsonBody } from "../lib/validate";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";

/**
 * The app store (/apps, SPEC 2: super admin only, never with an API token): e-mail delivery and
 * chat targets for webhooks, Cloudflare Turnstile for shared forms, single sign-on (OpenID Connect). Secrets go in and never come back: answers carry masked hints.
 */
type Ctx = Context<AppEnv>;

/** A URL the server will call: http(s), and outside local mode a public address. */
async function checkCallUrl(c: Ctx, field: string, url: string) {
  const check = await checkUrl(url, addressRule(c.env));
  if (!check.ok) throw badRequest(`${field}: ${check.reason}`);
}

export const emailBody = z.object({
  url: z.string({ error: "required" }).min(1, "required").max(2000),
  /** Omitted or empty keeps the stored token. */
  token: z.string().max(2000).optional(),
  from: z.string().max(320).optional(),
});
export const turnstileBody = z.object({
  siteKey: z.string({ error: "required" }).trim().min(1, "required").max(200),
  /** Omitted or empty keeps the stored secret key. */
  secretKey: z.string().trim().max(200).optional(),
});
/** Single sign-on (issue 41). Omitted or empty clientSecret keeps the stored one. */
export const oidcBody = z.object({
  issuer: z.string({ error: "required" }).trim().min(1, "required").max(2000),
  clientId: z.string({ error: "required" }).trim().min(1, "required").max(500),
  clientSecret: z.string().trim().max(2000).optional(),
  allowedDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "must be e-mail domains such as example.com"),
    )
    .max(50)
    .default([]),
  defaultRole: z.enum(OIDC_ROLES, { error: `must be one of ${OIDC_ROLES.join(", ")}` }).default("org-level-viewer"),
  ssoOnly: z.boolean().default(false),
  label: z.string().trim().max(60, "at most 60 characters").default(""),
});
export const testMailBody = z.object({ to: z.email("Invalid email address") });
export const targetBody = z.object({
  kind: z.enum(CHAT_KINDS, { error: `must be one of ${CHAT_KINDS.join(", ")}` }),
  title: z.string({ error: "required" }).trim().min(1, "required").max(100, "at most 100 characters"),
  webhook_url: z.string({ error: "required" }).min(1, "required").max(2000),
});
const targetPatch = targetBody.omit({ kind: true }).partial();

export const apps = new Hono<AppEnv>()
  .get("/apps", need("appStore"), async (c) => c.json(await listIntegrations(c.env)))
  .put("/apps/email", need("appStore"), body(emailBody), async (c) => {
    const input = await jsonBody(c, emailBody);
    await checkCallUrl(c, "url", input.url);
    const current = await readEmailConfig(c.env);
    await saveEmailConfig(c.env, { url: input.url, from: input.from, token: input.token || current?.token });
    return c.json((await listIntegrations(c.env)).email);
  })
  .delete("/apps/email", need("appStore"), async (c) => {
    await deleteIntegration(c.env, EMAIL_ID);
    return c.json(true);
  })
  .post("/apps/email/test", need("appStore"), body(testMailBody), async (c) => {
    const { to } = await jsonBody(c, testMailBody);
    const config = await readEmailConfig(c.env);
    if (!config) throw badRequest("E-mail delivery is not configured");
    await httpMailer(config, addressRule(c.env)).send({
      to,
      subject: "Gridbase test e-mail",
      text: "E-mail delivery from Gridbase works.",
    });
    return c.json({ msg: "The test e-mail has been sent" });
  })
  // Cloudflare Turnstile on shared forms (issue 22): once set, every shared form asks for it.
  .put("/apps/turnstile", need("appStore"), body(turnstileBody), async (c) => {
    const input = await jsonBody(c, turnstileBody);
    const secretKey = input.secretKey || (await readTurnstile(c.env))?.secretKey;
    if (!secretKey) throw badRequest("secretKey: required");
    await saveTurnstile(c.env, { siteKey: input.siteKey, secretKey });
    return c.json((await listIntegrations(c.env)).turnstile);
  })
  .delete("/apps/turnstile", need("appStore"), async (c) => {
    await deleteIntegration(c.env, TURNSTILE_ID);
    return c.json(true);
  })
  .put("/apps/oidc", need("appStore"), body(oidcBody), async (c) => {
    const input = await jsonBody(c, oidcBody);
    const clientSecret = input.clientSecret || (await readOidcConfig(c.env))?.clientSecret;
    if (!clientSecret) throw badRequest("clientSecret: required");
    // Discovery now, so a wrong issuer is told here and not at the first sign-in.
    await discover(input.issuer, addressRule(c.env), true);
    await saveOidcConfig(c.env, { ...input, issuer: input.issuer.replace(/\/+$/, ""), clientSecret });
    return c.json((await listIntegrations(c.env)).oidc);
  })
  .delete("/apps/oidc", need("appStore"), async (c) => {
    await deleteIntegration(c.env, OIDC_ID);
    return c.json(true);
  })
  .post("/apps/targets", need("appStore"), body(targetBody), async (c) => {
    const input = await jsonBody(c, targetBody);
    await checkCallUrl(c, "webhook_url", input.webhook_url);
    return c.json(await saveTarget(c.env, input));
  })
  .patch("/apps/targets/:id", need("appStore"), body(targetPatch), async (c) => {
    const input = await jsonBody(c, targetPatch);
    const { row, config } = await readTarget(c.env, c.req.param("id"));
    if (input.webhook_url) await checkCallUrl(c, "webhook_url", input.webhook_url);
    return c.json(
      await saveTarget(c.env, {
        id: row.id,
        kind: row.kind,
        title: input.title ?? row.title,
        webhook_url: input.webhook_url || config.webhook_url,
      }),
    );
  })
  .delete("/apps/targets/:id", need("appStore"), async (c) => {
    await readTarget(c.env, c.req.param("id"));
    await deleteIntegration(c.env, c.req.param("id"));
    return c.json(true);
  })
  .post("/apps/targets/:id/test", need("appStore"), async (c) => {
    const { row, config } = await readTarget(c.env, c.req.param("id"));
    await checkCallUrl(c, "webhook_url", config.webhook_url);
    let res: Response;
    try {
      res = await fetch(config.webhook_url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: chatBody(row.kind as ChatKind, "Gridbase: this target receives webhook notifications."),
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw badRequest("The target could not be reached");
    }
    if (!res.ok) throw badRequest(`The target answered HTTP ${res.status}`);
    return c.json({ msg: "The test message has been sent" });
  });
