/** Projects, shared base and project roles (API-CONTRACT 2, 4.1, 6). */
import { api } from "../lib/api";
import { session, tokenRefresher } from "../lib/auth";
import type { MeRoles, MetaDiffEntry, PageInfo, Project, SharedBase } from "./types";

const base = "/api/v1/db/meta/projects";
const byId = (id: string) => `${base}/${encodeURIComponent(id)}`;

export interface ProjectInput {
  title?: string;
  color?: string | null;
  meta?: Record<string, unknown> | string;
  external?: boolean;
  bases?: Array<{ type: string; config: unknown; inflection_column?: string; inflection_table?: string }>;
}

const me = (id: string) => api.get<MeRoles>("/api/v1/auth/user/me", { query: { project_id: id } });

/**
 * "me" is public: a stale token is answered as an anonymous visitor (200, no project role), not
 * with a 401, so the client's refresh would never run and the project would be refused. When a
 * token was sent but not accepted, refresh once (shared with any 401 refresh in flight) and ask again.
 */
async function rolesIn(id: string): Promise<MeRoles> {
  const sent = session.getToken();
  const answer = await me(id);
  if (!sent || answer.isAuthorized || answer.isPublicBase) return answer;
  const current = session.getToken();
  const fresh = current && current !== sent ? current : await tokenRefresher.refreshSession();
  return fresh ? me(id) : answer;
}

export const projectsApi = {
  list: (query: string) =>
    api.get<{ list: Project[]; pageInfo: PageInfo }>(base, { query: { query: query || undefined } }),
  create: (input: ProjectInput) => api.post<Project>(base, input),
  /** The database's own answer to a connection attempt (contract 4.10). */
  testConnection: (config: unknown) =>
    api.post<{ code: number; message: string }>("/api/v1/db/meta/connection/test", config),
  /** A new connection for the project's database (a rotated password); only the given keys change. */
  updateBase: (id: string, baseId: string, input: { config: { connection: Record<string, string> } }) =>
    api.patch<unknown>(`${byId(id)}/bases/${encodeURIComponent(baseId)}`, input),
  metaDiff: (id: string) => api.get<MetaDiffEntry[]>(`${byId(id)}/meta-diff`),
  metaSync: (id: string) => api.post<{ msg: string }>(`${byId(id)}/meta-diff`, {}),
  read: (id: string) => api.get<Project>(byId(id)),
  update: (id: string, input: ProjectInput) => api.patch<number>(byId(id), input),
  remove: (id: string) => api.del<boolean>(byId(id)),
  /** The caller's roles in the project; a shared-base visitor gets the shared role. */
  roles: (id: string) => rolesIn(id),
  sharedBaseMeta: (uuid: string) =>
    api.get<{ project_id: string }>(`/api/v1/db/public/shared-base/${encodeURIComponent(uuid)}/meta`),
  sharedBase: (id: string) => api.get<SharedBase>(`${byId(id)}/shared`),
  enableSharedBase: (id: string, roles: string) => api.post<SharedBase>(`${byId(id)}/shared`, { roles }),
  updateSharedBase: (id: string, roles: string) => api.patch<SharedBase>(`${byId(id)}/shared`, { roles }),
  disableSharedBase: (id: string) => api.del<SharedBase>(`${byId(id)}/shared`),
};
