import { Hono } from "hono";
import { readTurnstile } from "../../lib/integrations";
import { frameAncestors, rulesOf } from "../../lib/share-rules";
import { shareOfUuid } from "../../lib/shared-views";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import type { Ctx } from "../data/context";

/**
 * The visitor's page of a shared view (SPEC 2): `shared.html`, the small entry split from the app
 * (web/shared), for `/{projectType}/{form|survey|gallery|kanban|view}/{uuid}` and
 * `/{projectType}/form/{uuid}/survey`. Framing follows the share's options (share-rules.ts): this
 * site only, unless the builder turned embedding on (the listed sites, or any when none is listed).
 */
const PAGE_CSP =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";
/** Cloudflare Turnstile's widget script and frame, allowed only on forms while it is configured. */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

async function page(c: Ctx, form: boolean) {
  if (!c.env.ASSETS) return c.json({ msg: "Not found" }, 404);
  const [res, share, turnstile] = await Promise.all([
    c.env.ASSETS.fetch(new Request(new URL("/shared", c.req.url))),
    shareOfUuid(c.env.META, c.req.param("uuid") ?? ""),
    form ? readTurnstile(c.env).catch(() => null) : null,
  ]);
  const out = new Response(res.body, res);
  const scripts = turnstile
    ? `script-src 'self' ${TURNSTILE_ORIGIN}; frame-src ${TURNSTILE_ORIGIN}`
    : "script-src 'self'";
  out.headers.set(
    "Content-Security-Policy",
    `${PAGE_CSP}; ${scripts}; frame-ancestors ${frameAncestors(share?.uuid ? rulesOf(share.meta) : null)}`,
  );
  out.headers.set("Cache-Control", "no-cache");
  return out;
}

export const sharedPages = new Hono<AppEnv>()
  .get("/:projectType/form/:uuid/survey", need("public"), (c) => page(c, true))
  .get("/:projectType/:kind{form|survey}/:uuid", need("public"), (c) => page(c, true))
  .get("/:projectType/:kind{gallery|kanban|view}/:uuid", need("public"), (c) => page(c, false))
  // The app's own pages that wrangler.toml's globs also send here (`/nc/<project>/view/<table>`,
  // a table named "form"): the SPA, as the assets binding would have answered.
  .get("*", need("public"), async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (!c.env.ASSETS || /^\/(api|auth|download|parties)(\/|$)/.test(path)) return next();
    // A copy: the assets answer's headers are immutable, and the security headers are set after.
    const res = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));
    return new Response(res.body, res);
  });
