import type { Stored } from "../fields/types";
import type { Actor } from "../rows/audit";
import type { ProjectStore, SqlRow } from "../store/store";
import { dashboardRow } from "../dashboards/store";
import { putEntry, removeEntry } from "./entries";
import type { TrashHandler } from "./handler";

/**
 * Dashboards in the trash (issue 38): the dashboard's row and its widgets' rows, kept in the
 * entry as they were, and put back with the same ids (so the widgets' positions, settings and the
 * web's links to them hold). Its public link (D1 `shared_dashboards`) is kept while it is in the
 * trash: the link answers 404 meanwhile, as for any dashboard that is not there, and works again
 * once it is restored (as a view's). A widget that reads a table or field deleted meanwhile comes
 * back as it was and answers what is gone when its data is asked (widget-data.ts). A purge drops
 * the entry; the link left in D1 answers 404 for good.
 */
interface DashboardPayload {
  dashboard: SqlRow;
  widgets: SqlRow[];
}

/** Moves the dashboard and its widgets into the trash, in one transaction. */
export function trashDashboard(store: ProjectStore, id: string, actor: Actor | null): true {
  const d = dashboardRow(store, id);
  return store.transaction(() => {
    const [dashboard] = store.exec("SELECT * FROM _nc_dashboards WHERE id = ?", id);
    const widgets = store.exec("SELECT * FROM _nc_widgets WHERE fk_dashboard_id = ? ORDER BY created_at, id", id);
    const payload: DashboardPayload = { dashboard: dashboard!, widgets };
    putEntry(store, { kind: "dashboard", title: d.title, tableId: null, payload }, actor);
    store.exec("DELETE FROM _nc_widgets WHERE fk_dashboard_id = ?", id);
    store.exec("DELETE FROM _nc_dashboards WHERE id = ?", id);
    return true as const;
  });
}

function insert(store: ProjectStore, table: string, r: SqlRow) {
  const names = Object.keys(r);
  store.exec(
    `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
    ...names.map((n) => r[n] as Stored),
  );
}

export const dashboardHandler: TrashHandler = {
  restore: (store, entry) => {
    const { dashboard, widgets } = entry.payload as DashboardPayload;
    insert(store, "_nc_dashboards", dashboard);
    for (const w of widgets) insert(store, "_nc_widgets", w);
    removeEntry(store, entry.id);
    return { id: entry.id, type: entry.kind, title: String(dashboard.title), table_id: null, dropped: [] };
  },
  purge: (store, entry) => removeEntry(store, entry.id),
};
