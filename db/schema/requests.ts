import { z } from "zod";
import { checked } from "../checked";
import type { AccessInput, Reader } from "../access/rules";
import type { Actor } from "../rows/audit";
import type * as columnsApi from "./columns";
import type * as tablesApi from "./tables";

const reader = checked<Reader | null>().optional();
/** Who deletes: the trash entry names them (db/trash). */
const actor = checked<Actor>().optional();

/**
 * The room's schema requests (`ProjectRoom.schema`): tables, fields and their access rules.
 * projectId is the room's name. Changes go to the project's own tables or to its external
 * database, whichever the room has (realtime/room-schema-source.ts).
 */
export const schemaRequest = z.discriminatedUnion("op", [
  z.object({ op: z.literal("listTables"), projectId: z.string(), includeM2M: z.boolean() }),
  /** A value that changes whenever the schema cache is emptied (the shared-view meta's cache key). */
  z.object({ op: z.literal("schemaStamp") }),
  /** `reader`: the meta as that role sees it (hidden fields left out, read-only ones marked). */
  z.object({ op: z.literal("readTable"), projectId: z.string(), tableId: z.string(), reader }),
  z.object({ op: z.literal("createTable"), projectId: z.string(), input: checked<tablesApi.CreateTableInput>() }),
  z.object({
    op: z.literal("updateTable"),
    tableId: z.string(),
    input: checked<Parameters<typeof tablesApi.updateTable>[2]>(),
  }),
  z.object({ op: z.literal("reorderTable"), tableId: z.string(), order: checked<number>() }),
  z.object({ op: z.literal("deleteTable"), tableId: z.string(), actor }),
  /** `reader`: a field hidden from a narrowed role is not found for it (db/access/meta.ts). */
  z.object({ op: z.literal("readColumn"), projectId: z.string(), columnId: z.string(), reader }),
  /** `hiddenIn`: views with a public link, where the new field starts hidden (issue 42). */
  z.object({
    op: z.literal("addColumn"),
    projectId: z.string(),
    tableId: z.string(),
    input: checked<Parameters<typeof columnsApi.addColumn>[3]>(),
    hiddenIn: z.array(z.string()).optional(),
  }),
  z.object({
    op: z.literal("updateColumn"),
    projectId: z.string(),
    columnId: z.string(),
    input: checked<Parameters<typeof columnsApi.updateColumn>[3]>(),
  }),
  z.object({ op: z.literal("deleteColumn"), projectId: z.string(), columnId: z.string(), actor }),
  /** A table's field permissions and row rules (db/access). */
  z.object({ op: z.literal("readAccess"), tableId: z.string() }),
  z.object({ op: z.literal("saveAccess"), tableId: z.string(), input: checked<AccessInput>() }),
  z.object({ op: z.literal("setPrimaryColumn"), columnId: z.string() }),
]);
export type SchemaRequest = z.infer<typeof schemaRequest>;
