/** Row comments and history for the expanded record (API-CONTRACT 4.9). */
import { api } from "../lib/api";
import type { Audit } from "./view-types";

const audits = "/api/v1/db/meta/audits/comments";
const listOf = <T>(answer: { list: T[] } | T[]): T[] => (Array.isArray(answer) ? answer : (answer.list ?? []));

export const commentsApi = {
  list: async (tableId: string, rowId: string, commentsOnly = false) =>
    listOf(
      await api.get<{ list: Audit[] } | Audit[]>(audits, {
        query: { fk_model_id: tableId, row_id: rowId, comments_only: commentsOnly ? "true" : undefined },
      }),
    ),
  add: (tableId: string, rowId: string, description: string) =>
    api.post<Audit>(audits, { fk_model_id: tableId, row_id: rowId, description }),
};
