import { z } from "zod";
import { checked } from "../checked";
import type { Inflection } from "./schema-sync";

/** The project's external database as its room keeps it (`_nc_source`; the config encrypted). */
export interface SourceRow {
  id: string;
  client: string;
  config: string;
  inflection_table: Inflection;
  inflection_column: Inflection;
}

/** The room's requests about its external database (`ProjectRoom.source`, contract 4.1). */
export const sourceRequest = z.discriminatedUnion("op", [
  /**
   * Connects the project to its external database: opens it, reads its schema into the
   * project's meta and keeps the encrypted connection. Nothing is kept when the database refuses.
   */
  z.object({ op: z.literal("attachSource"), projectId: z.string(), input: checked<SourceRow>() }),
  /** A new connection to the project's database, e.g. a rotated password (db/external/reconnect.ts). */
  z.object({ op: z.literal("reconnectSource"), config: z.unknown() }),
  /** What changed in the database outside the app (contract 4.1 meta-diff). */
  z.object({ op: z.literal("metaDiff") }),
  /** Brings the meta in line with the database; every tab reloads its schema. */
  z.object({ op: z.literal("metaSync") }),
]);
export type SourceRequest = z.infer<typeof sourceRequest>;
