/**
 * History entries of row changes and how they run as bulk requests. Rules:
 * - An entry holds the steps that redo it and the steps that undo it; each side runs in order.
 * - Steps: update (rows with their key and the values to set), insert (rows without keys) and
 *   delete (the keys of a named row set).
 * - Rows created by an insert get new keys from the server. An insert step names a set (`ref`);
 *   the new keys are stored under that name, so the matching delete step on the other side
 *   removes the right rows.
 * - Undo of a delete restores the same records from the trash (issue 35: same key, links,
 *   comments, history, files); redo deletes those keys again. A table whose deletes have no trash
 *   (an external database, which answers 400) gets its rows inserted again instead, with new keys
 *   (the step's `fallback`), as before the trash.
 */
import { isKeyTitle, keyPartOf, keyTitles, rowIdOf } from "../../../lib/row-id";
export type RowKey = string | number;
export type RowValues = Record<string, unknown>;

export type Step =
  | { kind: "update"; rows: RowValues[] }
  | { kind: "insert"; ref: string; rows: RowValues[] }
  | { kind: "delete"; ref: string }
  | { kind: "restore"; ref: string; fallback: { kind: "insert"; ref: string; rows: RowValues[] } };

export interface HistoryEntry {
  redo: Step[];
  undo: Step[];
  /** Keys of the row sets inserts created, by ref. */
  keys: Record<string, RowKey[]>;
}

export interface BulkApi {
  update(rows: RowValues[]): Promise<unknown>;
  /** The keys of the created rows, in order. */
  insert(rows: RowValues[]): Promise<RowKey[]>;
  remove(keys: RowKey[]): Promise<unknown>;
  /** Deleted records back from the trash by their keys. */
  restore(keys: RowKey[]): Promise<RestoreOutcome>;
}

/** What a restore from the trash answered: how many came back, and what could not (said by the server). */
export interface RestoreOutcome {
  restored: number;
  dropped: string[];
}

/** A refusal meaning "no trash here" (an external database's table): undo falls back to re-inserting. */
const noTrash = (err: unknown) => (err as { status?: number } | null)?.status === 400;

/**
 * Runs one side of an entry; inserted keys are kept on the entry for the other side. Answers the
 * trash's outcome when the side restored records, else null.
 */
export async function runSteps(
  entry: HistoryEntry,
  steps: readonly Step[],
  api: BulkApi,
): Promise<RestoreOutcome | null> {
  let outcome: RestoreOutcome | null = null;
  for (const step of steps) {
    if (step.kind === "update") {
      if (step.rows.length > 0) await api.update(step.rows);
    } else if (step.kind === "insert") {
      if (step.rows.length > 0) entry.keys[step.ref] = await api.insert(step.rows);
    } else if (step.kind === "restore") {
      const keys = entry.keys[step.ref] ?? [];
      if (keys.length === 0) continue;
      try {
        outcome = await api.restore(keys);
      } catch (err) {
        if (!noTrash(err) || step.fallback.rows.length === 0) throw err;
        entry.keys[step.fallback.ref] = await api.insert(step.fallback.rows);
      }
    } else {
      const keys = entry.keys[step.ref] ?? [];
      if (keys.length > 0) await api.remove(keys);
    }
  }
  return outcome;
}

/** Values of `row` for the given titles, with the key; a missing value counts as null. */
export function pickValues(row: RowValues, titles: readonly string[], keyTitle: string): RowValues {
  const out: RowValues = keyPartOf(row, keyTitle);
  for (const t of titles) out[t] = row[t] ?? null;
  return out;
}

/** An update of existing rows: `after` are the sent patches (with keys), `before` the old rows. */
export function updateEntry(before: RowValues[], after: RowValues[], keyTitle: string): HistoryEntry {
  const undo = after.map((patch, i) =>
    pickValues(
      before[i] ?? {},
      Object.keys(patch).filter((k) => !isKeyTitle(keyTitle, k)),
      keyTitle,
    ),
  );
  return { redo: [{ kind: "update", rows: after }], undo: [{ kind: "update", rows: undo }], keys: {} };
}

/** A paste: updates of existing rows plus rows it created (already inserted, with these keys). */
export function pasteEntry(
  before: RowValues[],
  after: RowValues[],
  created: RowValues[],
  createdKeys: RowKey[],
  keyTitle: string,
): HistoryEntry {
  const entry = updateEntry(before, after, keyTitle);
  if (created.length === 0) return entry;
  entry.redo.push({ kind: "insert", ref: "created", rows: created });
  entry.undo.push({ kind: "delete", ref: "created" });
  entry.keys.created = createdKeys;
  return entry;
}

/**
 * A delete of rows (already deleted): undo restores them from the trash by their keys, and redo
 * deletes the same keys again. Without a trash (see above) undo inserts their values again,
 * without a one-column key (the database gives a new one) but with a composite key's columns (no
 * database makes those); that insert's keys replace the deleted ones for the redo.
 */
export function deleteEntry(rows: RowValues[], keyTitle: string, writable: readonly string[]): HistoryEntry {
  const composite = keyTitles(keyTitle).length > 1;
  const values = rows.map((row) => ({
    ...(composite ? keyPartOf(row, keyTitle) : {}),
    ...Object.fromEntries(writable.filter((t) => !isKeyTitle(keyTitle, t) && t in row).map((t) => [t, row[t]])),
  }));
  return {
    redo: [{ kind: "delete", ref: "rows" }],
    undo: [{ kind: "restore", ref: "rows", fallback: { kind: "insert", ref: "rows", rows: values } }],
    keys: { rows: rows.map((r) => rowIdOf(r, keyTitle) as RowKey) },
  };
}

/** A row added: undo deletes it, redo adds it again. */
export function insertEntry(values: RowValues, key: RowKey): HistoryEntry {
  return {
    redo: [{ kind: "insert", ref: "row", rows: [values] }],
    undo: [{ kind: "delete", ref: "row" }],
    keys: { row: [key] },
  };
}
