import { z } from "zod";
import { checked } from "../checked";
import type { Reader } from "../access/rules";
import type { Actor } from "./audit";

/** `reader`: a narrowed role comments on, reads and counts only the records within its rule (db/access). */
const reader = checked<Reader | null>().optional();

/** The room's comment and history requests (`ProjectRoom.comments`) on a table's records. */
export const commentRequest = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("addComment"),
    tableId: z.string(),
    rowId: z.string(),
    actor: checked<Actor>(),
    text: z.string(),
    reader,
  }),
  z.object({
    op: z.literal("listAudit"),
    tableId: z.string(),
    rowId: z.string(),
    commentsOnly: z.boolean(),
    reader,
  }),
  z.object({ op: z.literal("countComments"), tableId: z.string(), rowIds: z.array(z.string()), reader }),
  /** The update "Restore this version" of history entry `auditId` writes (db/rows/history-restore.ts). */
  z.object({ op: z.literal("restorePlan"), tableId: z.string(), rowId: z.string(), auditId: z.string(), reader }),
]);
export type CommentRequest = z.infer<typeof commentRequest>;
