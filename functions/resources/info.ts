import { Hono } from "hono";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";
import { VERSION } from "../version";
import { siteUrl } from "../lib/site-url";
import { readOidcPublic } from "../lib/oidc-config";
import { ATTACHMENT_FIELD_SIZE, MAX_ATTACHMENTS_PER_CELL } from "../../db/fields/common/attachments";

const startedAt = Date.now();

async function hasUsers(db: D1Database): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM users LIMIT 1").first()) !== null;
}

/** App info, version and health: public, read at start-up by the web app (SPEC 3 App info). */
export const info = new Hono<AppEnv>()
  .get("/api/v1/db/meta/nocodb/info", need("public"), async (c) => {
    const usersExist = await hasUsers(c.env.META);
    const sso = await readOidcPublic(c.env.META);
    return c.json({
      authType: "jwt",
      projectHasAdmin: usersExist,
      firstUser: !usersExist,
      type: "rest",
      env: c.env.MODE === "local" ? "local" : "production",
      googleAuthEnabled: Boolean(c.env.GOOGLE_CLIENT_ID && c.env.GOOGLE_CLIENT_SECRET),
      githubAuthEnabled: Boolean(c.env.GITHUB_CLIENT_ID && c.env.GITHUB_CLIENT_SECRET),
      // Single sign-on (issue 41): the button's provider name, and whether passwords are refused.
      oidcAuthEnabled: sso !== null,
      oidcLabel: sso?.label ?? "",
      ssoOnly: sso?.ssoOnly ?? false,
      oneClick: false,
      connectToExternalDB: true,
      version: VERSION,
      defaultLimit: 0,
      timezone: "UTC",
      ncMin: false,
      teleEnabled: false,
      auditEnabled: true,
      ncSiteUrl: siteUrl(c),
      ee: false,
      ncAttachmentFieldSize: ATTACHMENT_FIELD_SIZE,
      ncMaxAttachmentsAllowed: MAX_ATTACHMENTS_PER_CELL,
      isCloud: false,
      automationLogLevel: "OFF",
      inviteOnlySignup: c.env.INVITE_ONLY_SIGNUP === "true",
    });
  })
  .get("/api/v1/version", need("public"), (c) => c.json({ currentVersion: VERSION }))
  .get("/api/v1/health", need("public"), (c) =>
    c.json({ message: "OK", timestamp: Date.now(), uptime: (Date.now() - startedAt) / 1000 }),
  )
  // Served for older clients that poll it; this product has no feedback form.
  .get("/api/v1/feedback_form", need("public"), (c) => c.json({ error: "not available" }));
