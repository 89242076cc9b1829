import { pageInfo } from "../page-info";
import { eq } from "drizzle-orm";
import { bad, missing } from "../errors";
import { newId } from "../ids";
import { compileWhere } from "../query";
import { queryTable } from "../rows/read";
import { fullTableRef as tableRef } from "../rows/table-ref";
import { filters, type FilterRow } from "../store/schema";
import type { ProjectStore, SqlRow } from "../store/store";
import { valueText } from "../views/filters-to-where";
import type { FilterInput } from "../views/inputs";
import { filterJson, type FilterJson } from "../views/shape";
import type { HookInput, HookOperation, HookUpdateInput } from "./inputs";

/**
 * Webhooks of a project's tables (contract 4.8), kept in the project's SQLite next to the rows
 * they watch. Conditions are ordinary filter rows with `fk_hook_id` (contract 4.6), checked
 * when saved exactly as the trigger will compile them. Every change empties the schema cache, as
 * the trigger memoises which tables have hooks there.
 */
const now = () => new Date().toISOString();

export interface HookRow {
  id: string;
  fk_model_id: string;
  title: string;
  description: string | null;
  event: string;
  operation: string;
  notification: string;
  active: number;
  condition: number;
  retries: number;
  retry_interval: number;
  timeout: number;
  version: string;
  created_at: string;
  updated_at: string;
}

export function hookJson(h: HookRow, projectId: string) {
  return {
    id: h.id,
    base_id: `ds_${projectId.slice(2)}`,
    project_id: projectId,
    fk_model_id: h.fk_model_id,
    title: h.title,
    description: h.description,
    env: "all",
    type: null,
    event: h.event as "after",
    // Stored only after hookInput checked it (inputs.ts), so the answer names the operations.
    operation: h.operation as HookOperation,
    async: true,
    payload: true,
    url: null,
    headers: null,
    condition: Boolean(h.condition),
    notification: h.notification,
    retries: h.retries,
    retry_interval: h.retry_interval,
    timeout: h.timeout,
    active: Boolean(h.active),
    version: h.version,
    created_at: h.created_at,
    updated_at: h.updated_at,
  };
}

export type HookJson = ReturnType<typeof hookJson>;

export function findHook(store: ProjectStore, hookId: string): HookRow {
  const [h] = store.exec("SELECT * FROM _nc_hooks WHERE id = ?", hookId) as unknown as HookRow[];
  if (!h) throw missing("Hook not found");
  return h;
}

export function listHooks(store: ProjectStore, projectId: string, tableId: string) {
  const t = tableRef(store, tableId);
  const rows = store.exec(
    "SELECT * FROM _nc_hooks WHERE fk_model_id = ? ORDER BY created_at, id",
    t.model.id,
  ) as unknown as HookRow[];
  return rows.map((h) => hookJson(h, projectId));
}

/** Active hooks of a table for one operation, memoised until the schema (or a hook) changes. */
export function activeHooks(store: ProjectStore, tableId: string, operation: string): HookRow[] {
  const key = `hooks:${tableId}`;
  let byOp = store.schemaCache.get(key) as Map<string, HookRow[]> | undefined;
  if (!byOp) {
    byOp = new Map();
    for (const h of store.exec(
      "SELECT * FROM _nc_hooks WHERE fk_model_id = ? AND active = 1",
      tableId,
    ) as unknown as HookRow[]) {
      byOp.set(h.operation, [...(byOp.get(h.operation) ?? []), h]);
    }
    store.schemaCache.set(key, byOp);
  }
  return byOp.get(operation) ?? [];
}

export function hookFilterRows(store: ProjectStore, hookId: string): FilterRow[] {
  return store.meta.select().from(filters).where(eq(filters.hookId, hookId)).all();
}

/** Checks a condition by compiling it alone against the table, as the trigger will. */
function checkCondition(store: ProjectStore, tableId: string, f: FilterInput) {
  if (f.is_group || !f.fk_column_id || !f.comparison_op) return;
  const t = tableRef(store, tableId);
  const table = queryTable(t);
  const column = table.columns.find((c) => c.id === f.fk_column_id);
  if (!column) throw bad(`fk_column_id: '${f.fk_column_id}' is not a filterable column of this table`);
  const subOp = f.comparison_sub_op || undefined;
  compileWhere(
    table,
    {
      type: "cond",
      logicalOp: "and",
      column: column.title,
      op: f.comparison_op,
      value: valueText(f.value),
      ...(subOp ? { subOp } : {}),
    },
    { dialect: "sqlite" },
  );
}

function insertFilter(
  store: ProjectStore,
  hook: HookRow,
  f: FilterInput,
  parentId: string | null,
  order: number,
  depth = 0,
): FilterRow {
  if (depth > 10) throw bad("Filter groups nest at most 10 levels deep");
  checkCondition(store, hook.fk_model_id, f);
  const ts = now();
  const isGroup = Boolean(f.is_group);
  const row: FilterRow = {
    id: newId("fi_"),
    viewId: null,
    hookId: hook.id,
    parentId,
    columnId: isGroup ? null : (f.fk_column_id ?? null),
    logicalOp: f.logical_op ?? "and",
    comparisonOp: isGroup ? null : (f.comparison_op ?? null),
    comparisonSubOp: isGroup ? null : f.comparison_sub_op || null,
    value: isGroup ? null : (valueText(f.value) ?? null),
    isGroup: isGroup ? 1 : 0,
    order,
    createdAt: ts,
    updatedAt: ts,
  };
  store.meta.insert(filters).values(row).run();
  (f.children ?? []).forEach((child, i) => insertFilter(store, hook, child, row.id, i + 1, depth + 1));
  return row;
}

function replaceFilters(store: ProjectStore, hook: HookRow, list: FilterInput[]) {
  store.exec("DELETE FROM _nc_filters WHERE fk_hook_id = ?", hook.id);
  list.forEach((f, i) => insertFilter(store, hook, f, null, i + 1));
}

/** Creates a hook (and its conditions); answers it. */
export function createHook(store: ProjectStore, projectId: string, tableId: string, input: HookInput) {
  const t = tableRef(store, tableId);
  return store.transaction(() => {
    const ts = now();
    const h: HookRow = {
      id: newId("hk_"),
      fk_model_id: t.model.id,
      title: input.title,
      description: input.description ?? null,
      event: input.event,
      operation: input.operation,
      notification: JSON.stringify(input.notification),
      active: input.active === false ? 0 : 1,
      condition: input.condition || input.filters?.length ? 1 : 0,
      retries: input.retries ?? 0,
      retry_interval: input.retry_interval ?? 60_000,
      timeout: input.timeout ?? 10_000,
      version: "v2",
      created_at: ts,
      updated_at: ts,
    };
    store.exec(
      `INSERT INTO _nc_hooks (id, fk_model_id, title, description, event, operation, notification, active, condition, retries, retry_interval, timeout, version, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      h.id,
      h.fk_model_id,
      h.title,
      h.description,
      h.event,
      h.operation,
      h.notification,
      h.active,
      h.condition,
      h.retries,
      h.retry_interval,
      h.timeout,
      h.version,
      h.created_at,
      h.updated_at,
    );
    if (input.filters) replaceFilters(store, h, input.filters);
    return hookJson(h, projectId);
  });
}

export function updateHook(store: ProjectStore, projectId: string, hookId: string, input: HookUpdateInput) {
  const cur = findHook(store, hookId);
  return store.transaction(() => {
    const next: HookRow = {
      ...cur,
      title: input.title ?? cur.title,
      description: input.description === undefined ? cur.description : input.description,
      event: input.event ?? cur.event,
      operation: input.operation ?? cur.operation,
      notification: input.notification ? JSON.stringify(input.notification) : cur.notification,
      active: input.active === undefined ? cur.active : input.active ? 1 : 0,
      condition:
        input.condition === undefined
          ? input.filters
            ? input.filters.length
              ? 1
              : 0
            : cur.condition
          : input.condition
            ? 1
            : 0,
      retries: input.retries ?? cur.retries,
      retry_interval: input.retry_interval ?? cur.retry_interval,
      timeout: input.timeout ?? cur.timeout,
      updated_at: now(),
    };
    store.exec(
      `UPDATE _nc_hooks SET title = ?, description = ?, event = ?, operation = ?, notification = ?, active = ?, condition = ?, retries = ?, retry_interval = ?, timeout = ?, updated_at = ? WHERE id = ?`,
      next.title,
      next.description,
      next.event,
      next.operation,
      next.notification,
      next.active,
      next.condition,
      next.retries,
      next.retry_interval,
      next.timeout,
      next.updated_at,
      cur.id,
    );
    if (input.filters) replaceFilters(store, next, input.filters);
    return hookJson(next, projectId);
  });
}

export function deleteHook(store: ProjectStore, hookId: string) {
  const h = findHook(store, hookId);
  store.transaction(() => {
    store.exec("DELETE FROM _nc_filters WHERE fk_hook_id = ?", h.id);
    store.exec("DELETE FROM _nc_hook_queue WHERE fk_hook_id = ?", h.id);
    store.exec("DELETE FROM _nc_hook_logs WHERE fk_hook_id = ?", h.id);
    store.exec("DELETE FROM _nc_hooks WHERE id = ?", h.id);
  });
  return true;
}

export function listHookFilters(store: ProjectStore, projectId: string, hookId: string) {
  findHook(store, hookId);
  const rows = hookFilterRows(store, hookId);
  // Groups carry their children, so the form can show the whole tree in one read.
  const level = (parentId: string | null): FilterJson[] =>
    rows
      .filter((f) => f.parentId === parentId)
      .sort((x, y) => x.order - y.order)
      .map((f) => ({ ...filterJson(f, projectId), ...(f.isGroup ? { children: level(f.id) } : {}) }));
  return level(null);
}

export function addHookFilter(store: ProjectStore, projectId: string, hookId: string, input: FilterInput) {
  const h = findHook(store, hookId);
  return store.transaction(() => {
    const order = hookFilterRows(store, hookId).filter((f) => f.parentId === (input.fk_parent_id ?? null)).length + 1;
    const row = insertFilter(store, h, input, input.fk_parent_id ?? null, order);
    store.exec("UPDATE _nc_hooks SET condition = 1 WHERE id = ?", h.id);
    return filterJson(row, projectId);
  });
}

/** Queues a logged delivery's payload again for its hook (the delivery log's "Redeliver"). */
export function queueAgain(store: ProjectStore, hookId: string, logId: number) {
  findHook(store, hookId);
  const [log] = store.exec("SELECT payload FROM _nc_hook_logs WHERE id = ? AND fk_hook_id = ?", logId, hookId);
  if (!log) throw missing(`Delivery ${logId} of this hook was not found`);
  if (typeof log.payload !== "string") throw bad("This delivery's payload was not kept (it was larger than 64 KB)");
  const now = Date.now();
  store.exec(
    "INSERT INTO _nc_hook_queue (fk_hook_id, payload, attempt, due_at, created_at) VALUES (?, ?, 0, ?, ?)",
    hookId,
    log.payload,
    now,
    now,
  );
  return { msg: "The delivery has been queued again" };
}

/** The newest deliveries of a hook first (contract 4.8 `logs`), `{list, pageInfo}`. */
/** A delivery as `_nc_hook_logs` keeps it (db/store/migrations.ts); the log answer's type (web reads it). */
export interface StoredHookLog {
  id: number;
  fk_hook_id: string;
  event: string | null;
  operation: string | null;
  /** The JSON sent; null when it was larger than the log keeps (64 KB). */
  payload: string | null;
  attempt: number;
  status: number | null;
  response: string | null;
  error: string | null;
  duration: number;
  created_at: string;
}

export function listHookLogs(store: ProjectStore, hookId: string, pageSize: number, offset: number) {
  findHook(store, hookId);
  let limit = pageSize;
  // The newest 100 count; older entries wait for the next trim (realtime/hook-delivery.ts).
  const total = Math.min(
    100,
    Number((store.exec("SELECT count(*) AS n FROM _nc_hook_logs WHERE fk_hook_id = ?", hookId)[0] as SqlRow).n ?? 0),
  );
  limit = Math.max(0, Math.min(limit, total - offset));
  const list = store
    .exec("SELECT * FROM _nc_hook_logs WHERE fk_hook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?", hookId, limit, offset)
    .map((r) => ({
      ...(r as unknown as StoredHookLog),
      test: Boolean(r.test),
      ok: Boolean(r.ok),
    }));
  return { list, pageInfo: pageInfo(total, pageSize, offset) };
}
