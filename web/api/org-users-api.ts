/** Org users and app settings, super admin only (API-CONTRACT 3.2). */
import type { z } from "zod";
import type { inviteBody, rolesBody, twoFactorRequiredBody } from "@gridbase/worker/resources/org-users";
import type { AppSettings } from "./types";
import { wire } from "./wire";

export const ORG_INVITE_ROLES = ["org-level-creator", "org-level-viewer"] as const;
export type OrgInviteRole = (typeof ORG_INVITE_ROLES)[number];

const user = "/api/v1/users/:userId";

export const ORG_USERS_PAGE_SIZE = 25;

export const orgUsersApi = {
  list: (query: string, offset: number) =>
    wire.get("/api/v1/users", {}, { query: { query: query || undefined, limit: ORG_USERS_PAGE_SIZE, offset } }),
  invite: (email: string, roles: OrgInviteRole) =>
    wire.post("/api/v1/users", {}, { email, roles } satisfies z.input<typeof inviteBody>),
  update: (userId: string, roles: OrgInviteRole) =>
    wire.patch(user, { userId }, { roles } satisfies z.input<typeof rolesBody>),
  remove: (userId: string) => wire.del(user, { userId }),
  resendInvite: (userId: string) => wire.post(`${user}/resend-invite`, { userId }),
  resetUrl: (userId: string) => wire.post(`${user}/generate-reset-url`, { userId }),
  resetTwoFactor: (userId: string) => wire.del(`${user}/2fa`, { userId }),
  requireTwoFactor: (userId: string, required: boolean) =>
    wire.put(`${user}/2fa/required`, { userId }, { required } satisfies z.input<typeof twoFactorRequiredBody>),
  settings: () => wire.get("/api/v1/app-settings", {}),
  saveSettings: (settings: AppSettings) => wire.post("/api/v1/app-settings", {}, settings),
};
