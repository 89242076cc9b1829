import { bad, missing } from "../errors";
import type { ProjectStore } from "../store/store";
import { versionAfter, type VersionEntry } from "./history-version";
import { tableRef } from "./table-ref";

/** A history entry as listAudit answers it (the reader's view of the record's history). */
type HistoryEntry = VersionEntry & { op_type: string | null; op_sub_type: string | null; created_at: string };

/** What "Restore this version" writes: one update through the room's write entry point. */
export interface RestorePlan {
  /** The fields to write back, by title, values as the API takes them. */
  body: Record<string, unknown>;
  /** Fields the version names that cannot be written now: deleted, computed or read-only. */
  skipped: string[];
  /** The history entry the update records instead of "changed A, B". */
  note: string;
}

/**
 * The update that sets a record back to how it was right after the history entry `auditId`
 * (history-version.ts), for the store's reader: `entries` is the record's history as that reader
 * reads it (hidden fields' changes already gone, so they are neither restored nor named), and
 * fields the reader may not write, or that no longer take a value, are skipped and named.
 * Links are not part of a version: link entries hold no values.
 */
export function restorePlan(
  store: ProjectStore,
  tableId: string,
  entries: HistoryEntry[],
  auditId: string,
): RestorePlan {
  const data = entries.filter((e) => e.op_type !== "COMMENT");
  const entry = data.find((e) => e.id === auditId);
  if (!entry) throw missing("History entry not found");
  if (entry.op_sub_type === "DELETE") throw bad("A deleted record has no version to restore");
  const values = versionAfter(data, auditId)!;
  const t = tableRef(store, tableId);
  const denied = t.access?.denied;
  const body: Record<string, unknown> = {};
  const skipped: string[] = [];
  for (const [title, value] of Object.entries(values)) {
    if (denied?.get(title) === "hidden") continue;
    const col = t.cols.find((c) => c.title === title);
    const writable = col && !col.pk && !col.stamp && !col.type.readOnly && !denied?.has(title);
    if (writable) body[title] = value;
    else skipped.push(title);
  }
  if (!Object.keys(body).length)
    throw bad(
      skipped.length
        ? `None of this version's fields can be restored (${skipped.join(", ")})`
        : "The record already has this version's values",
    );
  return { body, skipped, note: `restored the version of ${entry.created_at}` };
}
