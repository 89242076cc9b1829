import { Hono } from "hono";
import { notFound } from "../../lib/http-error";
import { findSharedProject } from "../../lib/projects";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";

/** Public lookup of a shared base link (contract 6): uuid -> project id, 404 once disabled. */
export const publicSharedBase = new Hono<AppEnv>().get("/shared-base/:uuid/meta", need("public"), async (c) => {
  const project = await findSharedProject(c.env.META, c.req.param("uuid"));
  if (!project) throw notFound();
  return c.json({ project_id: project.id });
});
