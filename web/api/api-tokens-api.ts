/** The caller's API tokens, under a project (API-CONTRACT 3.3). */
import type { z } from "zod";
import type { tokenBody } from "@gridbase/worker/lib/token-input";
import type { Answer } from "./app-types";
import { wire } from "./wire";

const tokens = "/api/v1/db/meta/projects/:projectId/api-tokens";

/** `token` is the first characters and "…"; the whole secret only in the answer that made it. */
export type ApiTokenItem = Answer<typeof tokens, "$get">["list"][number];

/** A new token: its description and limits (scope, projects, expiry: issue 41). */
export type TokenInput = z.input<typeof tokenBody>;

export const apiTokensApi = {
  list: (projectId: string) => wire.get(tokens, { projectId }).then((r) => r.list),
  create: (projectId: string, input: TokenInput) => wire.post(tokens, { projectId }, input),
  /** By the listed id: the secret is not kept by the page. */
  remove: (projectId: string, id: number) => wire.del(`${tokens}/:token`, { projectId, token: id }),
};
