/** Project members (API-CONTRACT 3.1). */
import type { z } from "zod";
import type { inviteBody, updateBody } from "@gridbase/worker/resources/projects/members";
import { wire } from "./wire";

const users = "/api/v1/db/meta/projects/:projectId/users";
const user = `${users}/:userId` as const;

export const membersApi = {
  list: (projectId: string, query: string) =>
    wire.get(users, { projectId }, { query: { query: query || undefined, limit: 100 } }),
  invite: (projectId: string, email: string, roles: string) =>
    wire.post(users, { projectId }, { email, roles } satisfies z.input<typeof inviteBody>),
  update: (projectId: string, userId: string, roles: string) =>
    wire.patch(user, { projectId, userId }, { roles, project_id: projectId } satisfies z.input<typeof updateBody>),
  remove: (projectId: string, userId: string) => wire.del(user, { projectId, userId }),
  resendInvite: (projectId: string, userId: string) => wire.post(`${user}/resend-invite`, { projectId, userId }),
};
