/** Project members (API-CONTRACT 3.1). */
import { api } from "../lib/api";
import type { Member, MessageAnswer, PageInfo } from "./types";

const users = (projectId: string) => `/api/v1/db/meta/projects/${encodeURIComponent(projectId)}/users`;
const user = (projectId: string, userId: string) => `${users(projectId)}/${encodeURIComponent(userId)}`;

export const membersApi = {
  list: (projectId: string, query: string) =>
    api.get<{ users: { list: Member[]; pageInfo: PageInfo } }>(users(projectId), {
      query: { query: query || undefined, limit: 100 },
    }),
  invite: (projectId: string, email: string, roles: string) =>
    api.post<MessageAnswer>(users(projectId), { email, roles }),
  update: (projectId: string, userId: string, roles: string) =>
    api.patch<MessageAnswer>(user(projectId, userId), { roles, project_id: projectId }),
  remove: (projectId: string, userId: string) => api.del<MessageAnswer>(user(projectId, userId)),
  resendInvite: (projectId: string, userId: string) =>
    api.post<MessageAnswer>(`${user(projectId, userId)}/resend-invite`),
};
