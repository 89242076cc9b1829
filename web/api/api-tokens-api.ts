/** The caller's API tokens, under a project (API-CONTRACT 3.3). */
import type { Answer } from "./app-types";
import { wire } from "./wire";

const tokens = "/api/v1/db/meta/projects/:projectId/api-tokens";

/** `token` is the first characters and "…"; the whole secret only in the answer that made it. */
export type ApiTokenItem = Answer<typeof tokens, "$get">["list"][number];

export const apiTokensApi = {
  list: (projectId: string) => wire.get(tokens, { projectId }).then((r) => r.list),
  create: (projectId: string, description: string) =>
    wire.post(tokens, { projectId }, { description: description || null }),
  /** By the listed id: the secret is not kept by the page. */
  remove: (projectId: string, id: number) => wire.del(`${tokens}/:token`, { projectId, token: id }),
};
