import type { RowChange } from "../data/requests";
import type { ExtCtx } from "../external/rows";
import { matchingKeys, tableOf } from "../external/rows";
import { idOfRecord, rowsMatching, triggerTable } from "../external/trigger-rows";
import type { HookOperation } from "../hooks/inputs";
import type { Actor } from "../rows/audit";
import type { AutomationRow } from "../store/schema";
import { activeAutomations } from "./automations";
import { queueBatch } from "./batches";
import { queueRuns, type RunTrigger } from "./runs";
import { changedFields, conditionTree, same, typesFor } from "./trigger";

/**
 * Record triggers of a table on the project's external database (PostgreSQL, MySQL/MariaDB,
 * SQLite), for writes made through the app: the same rules as the project's own tables
 * (trigger.ts), read from that database. Rules:
 * - conditions (a trigger's `condition`, else its view's filters) compile for the database's
 *   dialect and run there on the written rows only, whole records whoever wrote;
 * - the runs are queued in the room right after the database committed the write (two databases:
 *   no transaction spans both); a write whose table has no active record automation reads nothing more;
 * - up to SNAPSHOT_ROWS rows a run keeps its record as the write left it; past that, one compact
 *   entry (batches.ts) whose runs read their record when they start; a deleted record is always kept.
 */
type Row = Record<string, unknown>;

const SNAPSHOT_ROWS = 100;

/** The write kinds of the data port as the webhooks' operations (none: a link starts nothing). */
const OPS: Partial<Record<RowChange["op"], HookOperation>> = {
  insert: "insert",
  insertMany: "bulkInsert",
  formSubmit: "insert",
  sharedFormSubmit: "insert",
  update: "update",
  updateMany: "bulkUpdate",
  updateWhere: "bulkUpdate",
  delete: "delete",
  deleteMany: "bulkDelete",
  deleteWhere: "bulkDelete",
};

export interface ExternalTrigger {
  op: HookOperation;
  autos: AutomationRow[];
}

/** The table's automations this write may start, or null (the write pays nothing more). */
export function externalAutomationsFor(ctx: ExtCtx, change: RowChange): ExternalTrigger | null {
  const op = OPS[change.op];
  if (!op) return null;
  const modelId = triggerTable(ctx, change.table).ref.model.id;
  const autos = activeAutomations(ctx.store, modelId, typesFor(op, change.op));
  return autos.length ? { op, autos } : null;
}

export interface ExternalBefore {
  ids: string[];
  rows: Map<string, Row> | null;
  matched: Map<string, Set<string>>;
}

const list = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);

/**
 * Before an update or delete: the rows it names (the writer's `ctx`: a filter's matches are the
 * writer's), what each condition matched and, when needed, the rows as they were.
 */
export async function externalBefore(ctx: ExtCtx, change: RowChange, plan: ExternalTrigger): Promise<ExternalBefore> {
  const t = triggerTable(ctx, change.table);
  let ids: string[] = [];
  if (change.op === "update" || change.op === "delete") ids = [change.rowId];
  else if (change.op === "updateMany" || change.op === "deleteMany")
    ids = list(change.bodies).map((b) => idOfRecord(t, b));
  else if (change.op === "updateWhere" || change.op === "deleteWhere")
    ids = (await matchingKeys(ctx, tableOf(ctx, change.table), change.where)).map((k) => k.map(String).join("___"));
  ids = ids.filter(Boolean);
  const matched = new Map<string, Set<string>>();
  let needRows = false;
  for (const a of plan.autos) {
    if (a.triggerType === "record.matches" || a.triggerType === "record.deleted") {
      const tree = conditionTree(ctx.store, a);
      matched.set(a.id, new Set(tree ? (await rowsMatching(ctx, change.table, tree, ids)).keys() : ids));
    }
    if (a.triggerType === "record.deleted" || (a.triggerType === "record.updated" && changedFields(a, t).length))
      needRows = true;
  }
  const rows = needRows && ids.length ? await rowsMatching(ctx, change.table, null, ids) : null;
  return { ids, rows, matched };
}

/** The row ids a committed write names: from its answer (inserts, forms, bulk answers), else from before. */
function writtenIds(ctx: ExtCtx, change: RowChange, data: unknown, before: ExternalBefore | null): string[] {
  const t = triggerTable(ctx, change.table);
  switch (change.op) {
    case "insert":
    case "update":
      return [idOfRecord(t, (data ?? {}) as Row)];
    case "formSubmit":
    case "sharedFormSubmit":
      return [idOfRecord(t, ((data ?? {}) as { row?: Row }).row ?? {})];
    case "insertMany":
    case "updateMany":
    case "deleteMany":
      return list(data).map((k) => idOfRecord(t, k));
    case "delete":
      return before?.ids ?? [];
    default:
      // By filter: the answer is how many; none when the write changed nothing.
      return Number(data) > 0 ? (before?.ids ?? []) : [];
  }
}

/** After the database committed the write: queues the runs in the room; answers how many. */
export async function externalAfter(
  ctx: ExtCtx,
  change: RowChange,
  data: unknown,
  plan: ExternalTrigger,
  before: ExternalBefore | null,
  actor: Actor,
  maxDepth: number,
  nowMs = Date.now(),
): Promise<number> {
  const ids = writtenIds(ctx, change, data, before).filter(Boolean);
  if (!ids.length) return 0;
  const t = triggerTable(ctx, change.table);
  const depth = (actor.depth ?? 0) + 1;
  const user = actor.id ? { id: actor.id, email: actor.email } : null;
  let after: Map<string, Row> | null = null;
  const rowsAfter = async () => (after ??= await rowsMatching(ctx, change.table, null, ids));
  let queued = 0;
  for (const a of plan.autos) {
    const trigger: RunTrigger = { type: a.triggerType, table_id: t.ref.model.id, user };
    if (a.triggerType === "record.deleted") {
      const was = before?.matched.get(a.id) ?? new Set<string>();
      const hit = ids.filter((id) => was.has(id));
      queued += queueRuns(ctx.store, a.id, hit, trigger, depth, maxDepth, nowMs, before?.rows ?? new Map());
      continue;
    }
    const tree = conditionTree(ctx.store, a);
    let hit = tree ? [...(await rowsMatching(ctx, change.table, tree, ids)).keys()] : ids;
    if (a.triggerType === "record.matches" && before) {
      const was = before.matched.get(a.id) ?? new Set<string>();
      hit = hit.filter((id) => !was.has(id));
    }
    const fields = a.triggerType === "record.updated" ? changedFields(a, t) : [];
    if (fields.length && before?.rows) {
      const now = await rowsAfter();
      const rows = before.rows;
      hit = hit.filter((id) => fields.some((f) => !same(rows.get(id)?.[f], now.get(id)?.[f])));
    }
    if (hit.length > SNAPSHOT_ROWS) {
      queued += queueBatch(ctx.store, a.id, hit, trigger, depth, maxDepth, nowMs);
      continue;
    }
    if (hit.length) queued += queueRuns(ctx.store, a.id, hit, trigger, depth, maxDepth, nowMs, await rowsAfter());
  }
  return queued;
}
