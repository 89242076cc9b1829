/**
 * When the room reads the external database's schema again on its own (issue 42 item 13): at most
 * every `EXTERNAL_SYNC_MINUTES` (default 60; 0 turns it off), checked on the first row request
 * after the interval rather than on an alarm, so an idle project wakes nothing and holds no
 * connection open. The time of the last sync (any: attach, manual, on drift, scheduled) is kept
 * in the project's store, so a room that wakes from hibernation does not sync again at once; the
 * check on a request is a comparison with a number held in memory.
 */
import type { ProjectStore } from "../store/store";

export const DEFAULT_SYNC_MINUTES = 60;

/** The interval in milliseconds, or null when the scheduled sync is off (0, or not a number ≥ 0). */
export function syncIntervalMs(setting: string | undefined): number | null {
  const minutes = setting === undefined || setting.trim() === "" ? DEFAULT_SYNC_MINUTES : Number(setting);
  return Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : null;
}

const TABLE =
  "CREATE TABLE IF NOT EXISTS _nc_source_synced (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)";

/** The last sync of the schema, kept in the store and memoised. */
export class SyncSchedule {
  #last: number | null | undefined;

  constructor(
    private readonly store: () => ProjectStore,
    private readonly intervalMs: number | null,
  ) {}

  /** Whether a sync is due at `now` (never when off). A project never synced since this began is due. */
  due(now = Date.now()): boolean {
    if (this.intervalMs === null) return false;
    if (this.#last === undefined) {
      this.store().exec(TABLE);
      const row = this.store().exec("SELECT at FROM _nc_source_synced WHERE id = 1")[0];
      this.#last = row ? Number(row.at) : null;
    }
    return this.#last === null || now - this.#last >= this.intervalMs;
  }

  /** Records a sync (or an attempt: a failing database is not asked again before the interval). */
  mark(now = Date.now()) {
    this.#last = now;
    this.store().exec(TABLE);
    this.store().exec(
      "INSERT INTO _nc_source_synced (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at",
      now,
    );
  }
}
