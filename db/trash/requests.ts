import { z } from "zod";
import { checked } from "../checked";
import type { Actor } from "../rows/audit";
import { TRASH_KINDS, type TrashKind } from "./entries";

const kind = z.enum(TRASH_KINDS as [TrashKind, ...TrashKind[]]);
/**
 * The kinds the caller may see and act on: editors only records (issue 35), owners and creators
 * all. An entry of another kind is refused (403) to a caller limited so.
 */
const allowed = z.array(kind).optional();

/** The room's trash requests (`ProjectRoom.trash`): list, restore, restore an undo's records, purge. */
export const trashRequest = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("list"),
    kinds: z.array(kind).optional(),
    tableId: z.string().optional(),
    limit: z.number().int().min(1).max(1000),
    offset: z.number().int().min(0),
    allowed,
  }),
  z.object({ op: z.literal("restore"), id: z.string(), actor: checked<Actor>(), allowed }),
  /** The grid's Undo of a delete: the entries of these records of a table (one batch or several). */
  z.object({
    op: z.literal("restoreRecords"),
    tableId: z.string(),
    rowIds: z.array(z.string()).min(1),
    actor: checked<Actor>(),
  }),
  z.object({ op: z.literal("restoreBatch"), batch: z.string(), actor: checked<Actor>(), allowed }),
  z.object({ op: z.literal("purge"), id: z.string(), allowed }),
  z.object({ op: z.literal("empty"), kinds: z.array(kind).optional(), allowed }),
]);
export type TrashRequest = z.infer<typeof trashRequest>;
