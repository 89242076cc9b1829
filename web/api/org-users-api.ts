/** Org users and app settings, super admin only (API-CONTRACT 3.2). */
import { api } from "../lib/api";
import type { AppSettings, MessageAnswer, OrgUser, PageInfo } from "./types";

export const ORG_INVITE_ROLES = ["org-level-creator", "org-level-viewer"] as const;
export type OrgInviteRole = (typeof ORG_INVITE_ROLES)[number];

const user = (id: string) => `/api/v1/users/${encodeURIComponent(id)}`;

export const ORG_USERS_PAGE_SIZE = 25;

export const orgUsersApi = {
  list: (query: string, offset: number) =>
    api.get<{ list: OrgUser[]; pageInfo: PageInfo }>("/api/v1/users", {
      query: { query: query || undefined, limit: ORG_USERS_PAGE_SIZE, offset },
    }),
  invite: (email: string, roles: OrgInviteRole) => api.post<MessageAnswer>("/api/v1/users", { email, roles }),
  update: (id: string, roles: OrgInviteRole) => api.patch<MessageAnswer>(user(id), { roles }),
  remove: (id: string) => api.del<MessageAnswer>(user(id)),
  resendInvite: (id: string) => api.post<MessageAnswer>(`${user(id)}/resend-invite`),
  resetUrl: (id: string) => api.post<{ reset_password_url: string }>(`${user(id)}/generate-reset-url`),
  settings: () => api.get<AppSettings>("/api/v1/app-settings"),
  saveSettings: (settings: AppSettings) => api.post<MessageAnswer>("/api/v1/app-settings", settings),
};
