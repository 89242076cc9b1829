import { Hono, type Context } from "hono";
import { siteUrl } from "../../lib/site-url";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { shareSchema } from "./schemas";
import { forgetProjectAccess } from "../../lib/access-push";
import { logSecurity } from "../../lib/security-log";

/** Only viewer or editor may be shared; anything else becomes viewer (contract 4.1). */
const sharedRole = (roles?: string) => (roles === "editor" ? "editor" : "viewer");

/** POST makes a new link (revoking any old one); PATCH keeps the existing uuid. */
async function saveLink(c: Context<AppEnv, "/:projectId/shared">) {
  const body = await jsonBody(c, shareSchema);
  const p = c.get("project");
  const uuid = c.req.method === "PATCH" && p.shared_uuid ? p.shared_uuid : crypto.randomUUID();
  const roles = sharedRole(body.roles);
  await c.env.META.prepare("UPDATE projects SET shared_uuid = ?, shared_role = ?, updated_at = ? WHERE id = ?")
    .bind(uuid, roles, new Date().toISOString(), p.id)
    .run();
  // Visitors' open sockets take the new role, or close when their link was replaced.
  await forgetProjectAccess(c.env, p.id);
  if (uuid !== p.shared_uuid) {
    await logSecurity(c, {
      kind: "share.created",
      user: c.get("user"),
      detail: { project_id: p.id, shared_base: true, role: roles },
    });
  }
  return c.json({ uuid, roles, url: `${siteUrl(c)}/base/${uuid}` });
}

/** Shared base link of a project: a uuid that gives visitors the shared role in this project only. */
export const sharedBase = new Hono<AppEnv>()
  .get("/:projectId/shared", need("sharedBaseGet"), (c) => {
    const p = c.get("project");
    return c.json({
      uuid: p.shared_uuid,
      roles: p.shared_role ?? "viewer",
      ...(p.shared_uuid ? { url: `${siteUrl(c)}/base/${p.shared_uuid}` } : {}),
    });
  })
  .post("/:projectId/shared", need("createSharedBaseLink"), body(shareSchema), saveLink)
  .patch("/:projectId/shared", need("updateSharedBaseLink"), body(shareSchema), saveLink)
  .delete("/:projectId/shared", need("disableSharedBaseLink"), async (c) => {
    await c.env.META.prepare("UPDATE projects SET shared_uuid = NULL, shared_role = NULL, updated_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), c.get("project").id)
      .run();
    await forgetProjectAccess(c.env, c.get("project").id);
    return c.json({ uuid: null });
  });
