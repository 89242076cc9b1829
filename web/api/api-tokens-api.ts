/** The caller's API tokens, under a project (API-CONTRACT 3.3). */
import { api } from "../lib/api";

export interface ApiTokenItem {
  id: number;
  /** The first characters and "…"; the whole secret only in the answer that made it. */
  token: string;
  description: string | null;
  created_at: string;
}

const tokens = (projectId: string) => `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/api-tokens`;

export const apiTokensApi = {
  list: (projectId: string) => api.get<{ list: ApiTokenItem[] }>(tokens(projectId)).then((r) => r.list),
  create: (projectId: string, description: string) =>
    api.post<ApiTokenItem>(tokens(projectId), { description: description || null }),
  /** By the listed id: the secret is not kept by the page. */
  remove: (projectId: string, id: number) => api.del<number>(`${tokens(projectId)}/${id}`),
};
