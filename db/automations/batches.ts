import type { ProjectStore } from "../store/store";
import { queueRuns, type RunTrigger } from "./runs";

/**
 * A bulk write's runs as ONE compact queue entry (`_nc_automation_batches`), written in the
 * write's transaction; the room's alarm expands it into runs (`expandBatches`) a few thousand at a
 * time. Why: a 10,000-row insert used to write 10,000 run rows and their two index entries inside
 * the insert's transaction (about a third of its time); one row here costs next to nothing.
 * Exactly once: an entry's expanded ids leave it in the same transaction as their runs are written,
 * so a crash between expansions neither loses nor doubles a run.
 */

/** Row ids as a list where runs of consecutive integers are [first, last] pairs (a bulk insert: one pair). */
export type IdRanges = Array<string | number | [number, number]>;

export function compactIds(ids: ReadonlyArray<string | number>): IdRanges {
  const out: IdRanges = [];
  for (const id of ids) {
    const last = out[out.length - 1];
    if (typeof id === "number" && Number.isInteger(id)) {
      if (Array.isArray(last) && last[1] + 1 === id) last[1] = id;
      else if (typeof last === "number" && last + 1 === id) out[out.length - 1] = [last, id];
      else out.push(id);
    } else out.push(id);
  }
  return out;
}

/** Takes up to `n` ids off the front of `ranges`: the ids, and what is left. */
export function takeIds(ranges: IdRanges, n: number): { ids: Array<string | number>; rest: IdRanges } {
  const ids: Array<string | number> = [];
  const rest = [...ranges];
  while (rest.length && ids.length < n) {
    const head = rest[0]!;
    if (!Array.isArray(head)) {
      ids.push(head);
      rest.shift();
      continue;
    }
    const [first, last] = head;
    const upto = Math.min(last, first + (n - ids.length) - 1);
    for (let id = first; id <= upto; id++) ids.push(id);
    if (upto === last) rest.shift();
    else rest[0] = [upto + 1, last];
  }
  return { ids, rest };
}

export function countIds(ranges: IdRanges): number {
  return ranges.reduce<number>((n, r) => n + (Array.isArray(r) ? r[1] - r[0] + 1 : 1), 0);
}

/** One entry for `rowIds` of one automation, due at `dueAt`; answers how many runs it stands for. */
export function queueBatch(
  store: ProjectStore,
  automationId: string,
  rowIds: ReadonlyArray<string | number>,
  trigger: RunTrigger,
  depth: number,
  maxDepth: number,
  nowMs: number,
  dueAt = nowMs,
): number {
  if (!rowIds.length) return 0;
  store.exec(
    `INSERT INTO _nc_automation_batches (fk_automation_id, trigger, depth, max_depth, row_ids, due_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    automationId,
    JSON.stringify(trigger),
    depth,
    // Infinity does not survive JSON or SQLite integers: no limit is a very large one.
    Number.isFinite(maxDepth) ? maxDepth : Number.MAX_SAFE_INTEGER,
    JSON.stringify(compactIds(rowIds)),
    dueAt,
    nowMs,
  );
  return rowIds.length;
}

/**
 * Expands due entries into up to `budget` runs (oldest entry first), each slice in one
 * transaction with the entry's shrinking; answers the automations whose runs were queued.
 * The runs keep the write's time as `created_at` and `due_at` (so they come before later writes' runs).
 */
export function expandBatches(store: ProjectStore, budget: number, nowMs = Date.now()): Set<string> {
  const touched = new Set<string>();
  let left = budget;
  while (left > 0) {
    const [b] = store.exec("SELECT * FROM _nc_automation_batches WHERE due_at <= ? ORDER BY id LIMIT 1", nowMs);
    if (!b) break;
    const automationId = String(b.fk_automation_id);
    const { ids, rest } = takeIds(JSON.parse(String(b.row_ids)) as IdRanges, left);
    store.transaction(() => {
      queueRuns(
        store,
        automationId,
        ids,
        JSON.parse(String(b.trigger)) as RunTrigger,
        Number(b.depth),
        Number(b.max_depth),
        Number(b.created_at),
      );
      if (rest.length)
        store.exec("UPDATE _nc_automation_batches SET row_ids = ? WHERE id = ?", JSON.stringify(rest), Number(b.id));
      else store.exec("DELETE FROM _nc_automation_batches WHERE id = ?", Number(b.id));
    });
    touched.add(automationId);
    left -= ids.length;
  }
  return touched;
}

/** When the next entry is due (ms), or null. */
export function nextBatchDue(store: ProjectStore): number | null {
  const [r] = store.exec("SELECT min(due_at) AS at FROM _nc_automation_batches");
  return r?.at == null ? null : Number(r.at);
}
