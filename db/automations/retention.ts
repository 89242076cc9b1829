import type { ProjectStore } from "../store/store";

/**
 * How long finished runs are kept. A finished run (succeeded, failed, skipped) goes once it is
 * BOTH older than `days` and not among its automation's newest `keep` runs: the last `keep` stay
 * however old (a monthly schedule keeps its history), and everything of the last `days` stays
 * however many (a burst of runs stays visible while it is looked into). `days: 0` makes `keep` a
 * strict cap; `keep: 0` keeps by age only. Queued, running and waiting runs are never pruned.
 */
export interface RunRetention {
  keep: number;
  days: number;
}

export const DEFAULT_RETENTION: RunRetention = { keep: 1000, days: 30 };

const DAY = 86_400_000;

/** The instance's settings (AUTOMATION_RUNS_KEPT, AUTOMATION_RUN_DAYS); a blank or bad value is the default. */
export function retentionOf(env: { AUTOMATION_RUNS_KEPT?: string; AUTOMATION_RUN_DAYS?: string }): RunRetention {
  const count = (v: string | undefined, d: number) => {
    const n = Number(v);
    return v != null && v.trim() !== "" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : d;
  };
  return {
    keep: count(env.AUTOMATION_RUNS_KEPT, DEFAULT_RETENTION.keep),
    days: count(env.AUTOMATION_RUN_DAYS, DEFAULT_RETENTION.days),
  };
}

/**
 * Deletes the finished runs past retention, at most `limit` in one call (the alarm comes back for
 * the rest); answers the automations whose runs were pruned. One statement per automation, by the
 * id of its `keep`-th newest run (the list index), not a correlated count per row.
 */
export function pruneRuns(store: ProjectStore, r: RunRetention, nowMs = Date.now(), limit = 5000): string[] {
  const cutoff = nowMs - r.days * DAY;
  const pruned: string[] = [];
  let left = limit;
  for (const { id } of store.exec("SELECT DISTINCT fk_automation_id AS id FROM _nc_automation_runs")) {
    if (left <= 0) break;
    const automationId = String(id);
    // Runs at or above this id are the newest `keep` (none are kept by count when keep is 0).
    const [edge] = r.keep
      ? store.exec(
          "SELECT id FROM _nc_automation_runs WHERE fk_automation_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?",
          automationId,
          r.keep - 1,
        )
      : [{ id: Number.MAX_SAFE_INTEGER }];
    if (!edge) continue;
    store.exec(
      `DELETE FROM _nc_automation_runs WHERE id IN (
         SELECT id FROM _nc_automation_runs
         WHERE fk_automation_id = ? AND id < ? AND status IN ('succeeded', 'failed', 'skipped')
           AND coalesce(finished_at, created_at) < ?
         ORDER BY id LIMIT ?)`,
      automationId,
      Number(edge.id),
      cutoff,
      left,
    );
    const gone = Number(store.exec("SELECT changes() AS n")[0]!.n);
    if (gone) pruned.push(automationId);
    left -= gone;
  }
  return pruned;
}
