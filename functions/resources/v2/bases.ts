import { Hono } from "hono";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { createProject, deleteProject, listProjects, readProject, updateProject } from "../projects";
import { createProjectSchema, updateProjectSchema } from "../projects/schemas";
import { v2Errors } from "./errors";
import { metaAsObject } from "./meta-objects";

/**
 * NocoDB v2's bases (`/api/v2/meta/bases`, nocodb-sdk 0.301 `api.base`): our projects, through the
 * v1 handlers (resources/projects). The path names the base `:projectId`, the name our access
 * check reads (middleware/acl.ts). A base's `meta` is answered as an object (meta-objects.ts).
 */
export const v2Bases = new Hono<AppEnv>()
  .use("*", v2Errors)
  .use("*", metaAsObject)
  .get("/", need("projectList"), listProjects)
  .post("/", need("projectCreate"), body(createProjectSchema), createProject)
  .get("/:projectId", need("projectGet"), readProject)
  .patch("/:projectId", need("projectUpdate"), body(updateProjectSchema), updateProject)
  .delete("/:projectId", need("projectDelete"), deleteProject);
