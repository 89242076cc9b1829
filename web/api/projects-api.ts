/** Projects, shared base and project roles (API-CONTRACT 2, 4.1, 6). */
import type { z } from "zod";
import type {
  createProjectSchema,
  shareSchema,
  updateBaseSchema,
  updateProjectSchema,
} from "@gridbase/worker/resources/projects/schemas";
import { session, tokenRefresher } from "../lib/auth";
import type { MeRoles } from "./types";
import { wire } from "./wire";

const base = "/api/v1/db/meta/projects";
const byId = `${base}/:projectId` as const;

/** A new project's or a change's body (a change takes no `external`/`bases`). */
export type ProjectInput = z.input<typeof createProjectSchema> | z.input<typeof updateProjectSchema>;

const me = (projectId: string) => wire.get("/api/v1/auth/user/me", {}, { query: { project_id: projectId } });

/**
 * "me" is public: a stale token is answered as an anonymous visitor (200, no project role), not
 * with a 401, so the client's refresh would never run and the project would be refused. When a
 * token was sent but not accepted, refresh once (shared with any 401 refresh in flight) and ask again.
 */
async function rolesIn(id: string): Promise<MeRoles> {
  const sent = session.getToken();
  const answer: MeRoles = await me(id);
  if (!sent || answer.isAuthorized || answer.isPublicBase) return answer;
  const current = session.getToken();
  const fresh = current && current !== sent ? current : await tokenRefresher.refreshSession();
  return fresh ? me(id) : answer;
}

export const projectsApi = {
  list: (query: string) => wire.get(base, {}, { query: { query: query || undefined } }),
  create: (input: z.input<typeof createProjectSchema>) => wire.post(base, {}, input),
  /** The database's own answer to a connection attempt (contract 4.10). */
  testConnection: (config: unknown) => wire.post("/api/v1/db/meta/connection/test", {}, config),
  /** A new connection for the project's database (a rotated password); only the given keys change. */
  updateBase: (projectId: string, baseId: string, input: z.input<typeof updateBaseSchema>) =>
    wire.patch(`${byId}/bases/:baseId`, { projectId, baseId }, input),
  metaDiff: (projectId: string) => wire.get(`${byId}/meta-diff`, { projectId }),
  metaSync: (projectId: string) => wire.post(`${byId}/meta-diff`, { projectId }, {}),
  read: (projectId: string) => wire.get(byId, { projectId }),
  /** What the project's database holds against its limit (README "Room for the size"). */
  usage: (projectId: string) => wire.get(`${byId}/usage`, { projectId }),
  update: (projectId: string, input: z.input<typeof updateProjectSchema>) => wire.patch(byId, { projectId }, input),
  remove: (projectId: string) => wire.del(byId, { projectId }),
  /** The caller's roles in the project; a shared-base visitor gets the shared role. */
  roles: (id: string) => rolesIn(id),
  sharedBaseMeta: (uuid: string) => wire.get("/api/v1/db/public/shared-base/:uuid/meta", { uuid }),
  sharedBase: (projectId: string) => wire.get(`${byId}/shared`, { projectId }),
  enableSharedBase: (projectId: string, roles: string) =>
    wire.post(`${byId}/shared`, { projectId }, { roles } satisfies z.input<typeof shareSchema>),
  updateSharedBase: (projectId: string, roles: string) =>
    wire.patch(`${byId}/shared`, { projectId }, { roles } satisfies z.input<typeof shareSchema>),
  disableSharedBase: (projectId: string) => wire.del(`${byId}/shared`, { projectId }),
};
