/** Row comments and history for the expanded record (API-CONTRACT 4.9). */
import type { z } from "zod";
import type { commentBody, restoreBody } from "@gridbase/worker/resources/data/comments";
import { wire } from "./wire";

const audits = "/api/v1/db/meta/audits/comments";

export const commentsApi = {
  list: async (tableId: string, rowId: string, commentsOnly = false) =>
    (
      await wire.get(
        audits,
        {},
        { query: { fk_model_id: tableId, row_id: rowId, comments_only: commentsOnly ? "true" : undefined } },
      )
    ).list ?? [],
  add: (tableId: string, rowId: string, description: string) =>
    wire.post(audits, {}, { fk_model_id: tableId, row_id: rowId, description } satisfies z.input<typeof commentBody>),
  /** "Restore this version" (issue 35): `{ row, restored, skipped }`. */
  restoreVersion: (tableId: string, rowId: string, auditId: string) =>
    wire.post("/api/v1/db/meta/audits/:auditId/restore", { auditId }, {
      fk_model_id: tableId,
      row_id: rowId,
    } satisfies z.input<typeof restoreBody>),
};
