import { eq } from "drizzle-orm";
import type { WhereNode } from "../query";
import { matchingKeys, readRows } from "../hooks/trigger";
import type { HookOperation } from "../hooks/inputs";
import type { Actor } from "../rows/audit";
// Triggers are builders' settings: conditions see whole records, whoever wrote.
import { fullTableRef as tableRef } from "../rows/table-ref";
import { filters, type AutomationRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { arrayTree, storedTree } from "../views/filters-to-where";
import { tableColumns } from "../views/lookup";
import { activeAutomations, triggerOf } from "./automations";
import { queueBatch } from "./batches";
import { queueRuns, type RunTrigger } from "./runs";

/**
 * What a row write hands to its table's automations (the room's write path, next to webhooks).
 * Rules:
 * - a write whose table has no active record automation costs one memoised lookup;
 * - conditions (a trigger's `condition`, else its view's filters) compile with the view filter
 *   compiler and run in SQL on the written rows only (db/hooks/trigger.ts matchingKeys);
 * - record.created: inserted rows that match; record.updated: updated rows that match after, and
 *   when `fields` are chosen only those where one of them changed; record.matches: rows that
 *   match after and did not before (an insert: match after); record.deleted: rows that matched
 *   before; form.submitted: a form's record (matching);
 * - runs are queued in the write's own transaction: one per row (runs.ts), or for a bulk write one
 *   compact entry the alarm expands into runs (batches.ts); a change made by an
 *   automation carries its depth (Actor.depth), and runs deeper than the limit are written as skipped.
 */
type Row = Record<string, unknown>;

/** Up to this many rows per write, runs keep their record from the write itself. */
const SNAPSHOT_ROWS = 100;

/** The write kinds (db/data RowChange ops) that are a form's submission. */
const FORM_OPS = new Set(["formSubmit", "sharedFormSubmit"]);

export function typesFor(op: HookOperation, change: string): string[] {
  if (op === "insert" || op === "bulkInsert")
    return FORM_OPS.has(change)
      ? ["record.created", "record.matches", "form.submitted"]
      : ["record.created", "record.matches"];
  if (op === "update" || op === "bulkUpdate") return ["record.updated", "record.matches"];
  return ["record.deleted"];
}

export function conditionTree(store: ProjectStore, a: AutomationRow): WhereNode | null {
  const key = `automationtree:${a.id}`;
  if (store.schemaCache.has(key)) return store.schemaCache.get(key) as WhereNode | null;
  const t = triggerOf(a);
  const cols = tableColumns(store, a.modelId!);
  let tree: WhereNode | null = null;
  if (t.condition?.length) tree = arrayTree(JSON.stringify(t.condition), cols);
  else if (t.view_id)
    tree = storedTree(store.meta.select().from(filters).where(eq(filters.viewId, t.view_id)).all(), cols);
  store.schemaCache.set(key, tree);
  return tree;
}

export interface AutomationSnapshot {
  rows: Map<number, Row> | null;
  matched: Map<string, Set<number>>;
}

export interface TriggeredWrite {
  /** The RowChange op (a form's submit is told apart from an insert). */
  change: string;
  actor: Actor;
}

/** The table's automations this write may start (empty: the write pays nothing more). */
export function automationsFor(store: ProjectStore, tableKey: string, op: HookOperation, w: TriggeredWrite) {
  const t = tableRef(store, tableKey);
  return activeAutomations(store, t.model.id, typesFor(op, w.change));
}

/** The titles of a record.updated trigger's chosen fields (none: any change). */
export const changedFields = (
  a: AutomationRow,
  t: { cols: ReadonlyArray<{ id: string; title: string }> },
): string[] => {
  const fields = triggerOf(a).fields ?? [];
  return fields.map((f) => t.cols.find((c) => c.id === f || c.title === f)?.title).filter((x): x is string => !!x);
};

/** Before an update or delete: what the conditions matched and, when needed, the rows as they were. */
export function automationsBefore(
  store: ProjectStore,
  tableKey: string,
  op: HookOperation,
  autos: AutomationRow[],
  ids: number[],
): AutomationSnapshot {
  const t = tableRef(store, tableKey);
  const matched = new Map<string, Set<number>>();
  let needRows = false;
  for (const a of autos) {
    if (a.triggerType === "record.matches" || a.triggerType === "record.deleted")
      matched.set(a.id, matchingKeys(store, t, conditionTree(store, a), ids));
    if (a.triggerType === "record.deleted" || (a.triggerType === "record.updated" && changedFields(a, t).length))
      needRows = true;
  }
  return { rows: needRows && ids.length ? readRows(store, t, ids) : null, matched };
}

export const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** After the write, in its transaction: queues the runs; answers how many were queued. */
export function automationsAfter(
  store: ProjectStore,
  tableKey: string,
  op: HookOperation,
  autos: AutomationRow[],
  ids: number[],
  before: AutomationSnapshot | null,
  w: TriggeredWrite,
  maxDepth: number,
  nowMs = Date.now(),
): number {
  if (!ids.length) return 0;
  const t = tableRef(store, tableKey);
  const depth = (w.actor.depth ?? 0) + 1;
  const user = w.actor.id ? { id: w.actor.id, email: w.actor.email } : null;
  let after: Map<number, Row> | null = null;
  let queued = 0;
  for (const a of autos) {
    const trigger: RunTrigger = { type: a.triggerType, table_id: t.model.id, user };
    let hit: number[];
    if (a.triggerType === "record.deleted") {
      const keys = before?.matched.get(a.id) ?? new Set<number>();
      hit = ids.filter((id) => keys.has(id));
      queued += queueRuns(store, a.id, hit, trigger, depth, maxDepth, nowMs, before?.rows ?? new Map());
      continue;
    }
    const tree = conditionTree(store, a);
    // Without a condition every written row is hit (no set of 10,000 keys to build and probe).
    if (tree) {
      const now = matchingKeys(store, t, tree, ids);
      hit = ids.filter((id) => now.has(id));
    } else hit = ids;
    if (a.triggerType === "record.matches" && before) {
      const was = before.matched.get(a.id) ?? new Set<number>();
      hit = hit.filter((id) => !was.has(id));
    }
    const fields = a.triggerType === "record.updated" ? changedFields(a, t) : [];
    if (fields.length && before?.rows) {
      after ??= readRows(store, t, ids);
      const rows = before.rows;
      hit = hit.filter((id) => fields.some((f) => !same(rows.get(id)?.[f], after!.get(id)?.[f])));
    }
    // A few rows are kept with their runs as the write left them (a later change or delete does
    // not change what the run sees); a bulk write's runs read theirs when they start, so the
    // write does not read back thousands of rows.
    // Past that, the runs are one compact entry the alarm expands (batches.ts), so the write
    // does not pay for thousands of run rows either.
    if (hit.length > SNAPSHOT_ROWS) {
      queued += queueBatch(store, a.id, hit, trigger, depth, maxDepth, nowMs);
      continue;
    }
    if (hit.length) after ??= readRows(store, t, ids);
    queued += queueRuns(store, a.id, hit, trigger, depth, maxDepth, nowMs, after ?? undefined);
  }
  return queued;
}
