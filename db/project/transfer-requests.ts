import { z } from "zod";

/**
 * The room's whole-project requests (`ProjectRoom.transfer`, realtime/room-transfer-requests.ts):
 * the project as a .zip (transfer-format.ts), a .zip loaded into a new project, the purge of
 * a project deleted for good, and what the project's database holds against its limit.
 */
export const transferRequest = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("export"),
    /** The project's row in the index (D1): its title and settings go into project.json. */
    project: z.object({
      id: z.string(),
      title: z.string(),
      description: z.string().nullable(),
      color: z.string().nullable(),
      meta: z.string().nullable(),
    }),
  }),
  z.object({
    op: z.literal("import"),
    zip: z.custom<Uint8Array>((v) => v instanceof Uint8Array, "zip must be the file's bytes"),
  }),
  z.object({ op: z.literal("purge") }),
  z.object({ op: z.literal("usage") }),
]);
export type TransferRequest = z.infer<typeof transferRequest>;
