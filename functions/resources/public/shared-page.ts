import { Hono } from "hono";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import type { Ctx } from "../data/context";

/**
 * The visitor's page of a shared view (SPEC 2): `shared.html`, the small entry split from the app
 * (web/shared), for `/{projectType}/{form|survey|gallery|kanban|view}/{uuid}` and
 * `/{projectType}/form/{uuid}/survey`. A form may be embedded in other sites; the rest only in ours.
 */
const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

async function page(c: Ctx, framable: boolean) {
  if (!c.env.ASSETS) return c.json({ msg: "Not found" }, 404);
  const res = await c.env.ASSETS.fetch(new Request(new URL("/shared", c.req.url)));
  const out = new Response(res.body, res);
  out.headers.set("Content-Security-Policy", `${PAGE_CSP}; frame-ancestors ${framable ? "*" : "'self'"}`);
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
