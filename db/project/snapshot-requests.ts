import { z } from "zod";

/** Who asked for a snapshot: manual (a person), auto (daily, or before a destructive schema change), safety (before a restore in place). */
export const SNAPSHOT_KINDS = ["manual", "auto", "safety"] as const;
export type SnapshotKind = (typeof SNAPSHOT_KINDS)[number];

const id = z.string().min(1).max(64);

/**
 * The room's snapshot requests (`ProjectRoom.snapshots`, issue 35). The Worker's route has
 * checked the caller's action; the room checks the snapshot exists and the project is its own.
 */
export const snapshotRequest = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("take"),
    title: z.string().trim().min(1).max(255),
    kind: z.enum(SNAPSHOT_KINDS),
    by: z.string().nullable().optional(),
  }),
  z.object({ op: z.literal("list") }),
  /** Puts the snapshot's state back in this project, after a `safety` snapshot of the current one. */
  z.object({ op: z.literal("restoreInPlace"), id, by: z.string().nullable().optional() }),
  /** A NEW project's room loads another project's snapshot, every id made new, its uploads copied. */
  z.object({ op: z.literal("loadFrom"), projectId: id, snapshotId: id }),
  z.object({ op: z.literal("delete"), id }),
]);
export type SnapshotRequest = z.infer<typeof snapshotRequest>;

/**
 * Why the app took a snapshot by itself, and what it was about (a table's or field's name, the
 * restored snapshot's title): the web names it in the reader's language; `title` holds the same in
 * English for API clients.
 */
export const SNAPSHOT_REASONS = {
  daily: () => "Daily",
  deleteTable: (name: string) => `Before deleting table "${name}"`,
  deleteField: (name: string) => `Before deleting field "${name}"`,
  changeType: (name: string) => `Before changing the type of field "${name}"`,
  restore: (name: string) => `Before restoring "${name}"`,
} as const;
export type SnapshotReason = keyof typeof SNAPSHOT_REASONS;
export interface SnapshotCause {
  reason: SnapshotReason;
  subject: string;
}

/** A snapshot as listed (the route's `list` items). */
export interface SnapshotEntry {
  id: string;
  title: string;
  kind: SnapshotKind;
  created_at: string;
  size: number;
  tables: number;
  rows: number;
  reason: SnapshotReason | null;
  subject: string | null;
}

/** Where a snapshot's dump lives in the bucket: never under `nc/uploads/`, the only prefix downloads serve. */
export const snapshotKey = (projectId: string, snapshotId: string) => `snapshots/${projectId}/${snapshotId}.ndjson.gz`;

/** Automatic daily snapshots kept per project; older ones are deleted as new ones are taken. */
export const AUTO_KEPT = 14;
