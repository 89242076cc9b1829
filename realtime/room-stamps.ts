import type { CountCache } from "../db/rows/read";
import type { ProjectStore } from "../db/store/store";

/**
 * Stamps the edge cache keys its shared answers on (shared views' and dashboards' meta, public
 * widgets' data): a value that changes whenever what the answer was built from may have changed.
 * Both live in caches the room already empties at the right moments, so no path that changes
 * the schema or the rows has to remember them; a room that restarts starts new ones (a miss).
 */

/** Renewed by any change to tables, fields, views, dashboards or their settings (the schema cache is emptied). */
export function schemaStamp(store: ProjectStore): string {
  let stamp = store.schemaCache.get("stamp:shared") as string | undefined;
  if (!stamp) store.schemaCache.set("stamp:shared", (stamp = crypto.randomUUID()));
  return stamp;
}

/** The count cache's own key: a table key never starts with a NUL. */
const DATA_STAMP = "\u0000data-stamp";

/**
 * Renewed by any write to the project's rows: it is kept in the count cache, which every row
 * write (the write pipeline, trash restores and purges, imports, external syncs, snapshot loads)
 * and every schema change empties. Project-wide on purpose: a widget reads lookups and rollups of
 * other tables, so a write to any table may move it.
 */
export function dataStamp(counts: CountCache): number {
  let stamp = counts.get(DATA_STAMP);
  if (stamp === undefined)
    counts.set(DATA_STAMP, (stamp = crypto.getRandomValues(new Uint32Array(1))[0]! + Date.now() * 2 ** 10));
  return stamp;
}
