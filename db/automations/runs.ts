import { missing } from "../errors";
import type { ProjectStore, SqlRow } from "../store/store";
import { findAutomation } from "./automations";

/**
 * An automation's runs (`_nc_automation_runs`): the room's durable queue and the list the API
 * answers. A run is queued in the transaction of what triggered it; the room's alarm
 * (realtime/room-automations.ts) takes due runs, runs their steps one by one, keeping each step's
 * input, output or error on the row, so a restart of the object goes on from the step it was at.
 */
export type RunStatus = "queued" | "running" | "succeeded" | "failed" | "skipped";

export interface StepRecord {
  type: string;
  status: "succeeded" | "failed" | "skipped" | "waiting" | "retrying";
  input?: unknown;
  output?: unknown;
  error?: string;
  attempts?: number;
  started_at?: string;
  finished_at?: string;
}

/** What started a run: the trigger's kind, its table and record, who did it, extra facts. */
export interface RunTrigger {
  type: string;
  table_id?: string | null;
  user?: { id: string; email: string } | null;
  record?: Record<string, unknown> | null;
  previous?: Record<string, unknown> | null;
  body?: unknown;
  comment?: unknown;
  test?: boolean;
}

const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());

export function runJson(r: SqlRow) {
  const steps = JSON.parse(String(r.steps)) as StepRecord[];
  const started = r.started_at == null ? null : Number(r.started_at);
  const finished = r.finished_at == null ? null : Number(r.finished_at);
  return {
    id: Number(r.id),
    automation_id: String(r.fk_automation_id),
    status: String(r.status) as RunStatus,
    created_at: iso(r.created_at),
    started_at: iso(started),
    finished_at: iso(finished),
    duration: started != null && finished != null ? finished - started : null,
    row_id: r.row_id == null ? null : String(r.row_id),
    depth: Number(r.depth),
    error: r.error == null ? null : String(r.error),
    trigger: JSON.parse(String(r.trigger)) as RunTrigger,
    steps,
  };
}

/** The newest runs first (at most `limit`). */
export function listRuns(store: ProjectStore, automationId: string, limit = 50, offset = 0) {
  findAutomation(store, automationId);
  return store
    .exec(
      "SELECT * FROM _nc_automation_runs WHERE fk_automation_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
      automationId,
      limit,
      offset,
    )
    .map(runJson);
}

export function findRun(store: ProjectStore, automationId: string, runId: number) {
  const [row] = store.exec(
    "SELECT * FROM _nc_automation_runs WHERE id = ? AND fk_automation_id = ?",
    runId,
    automationId,
  );
  if (!row) throw missing("Run not found");
  return row;
}

/**
 * Queues one run per row id of one automation in one statement (a bulk write's 10,000 rows are
 * one INSERT … SELECT over a JSON list). `records`: rows kept with their run (deletes: the row
 * is gone by the time the run starts). Over the depth limit, runs are written as skipped.
 */
export function queueRuns(
  store: ProjectStore,
  automationId: string,
  rowIds: Array<string | number | null>,
  trigger: RunTrigger,
  depth: number,
  maxDepth: number,
  nowMs: number,
  records?: Map<number | string, Record<string, unknown>>,
): number {
  if (!rowIds.length) return 0;
  const skipped = depth > maxDepth;
  const status = skipped ? "skipped" : "queued";
  const error = skipped
    ? `Skipped: a chain of automations deeper than ${maxDepth} (AUTOMATION_MAX_DEPTH) — this change was made by an automation run ${depth - 1} deep`
    : null;
  const finished = skipped ? nowMs : null;
  if (!records) {
    store.exec(
      `INSERT INTO _nc_automation_runs (fk_automation_id, status, trigger, row_id, depth, due_at, created_at, error, finished_at)
       SELECT ?, ?, ?, value, ?, ?, ?, ?, ? FROM json_each(?)`,
      automationId,
      status,
      JSON.stringify(trigger),
      depth,
      nowMs,
      nowMs,
      error,
      finished,
      JSON.stringify(rowIds),
    );
    return rowIds.length;
  }
  for (const id of rowIds) {
    store.exec(
      `INSERT INTO _nc_automation_runs (fk_automation_id, status, trigger, row_id, depth, due_at, created_at, error, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      automationId,
      status,
      JSON.stringify({ ...trigger, record: (id == null ? undefined : records.get(id)) ?? null }),
      id == null ? null : String(id),
      depth,
      nowMs,
      nowMs,
      error,
      finished,
    );
  }
  return rowIds.length;
}

/** "Re-run": a finished run's trigger queued again as a new run; answers it. */
export function rerun(store: ProjectStore, automationId: string, runId: number) {
  const old = findRun(store, automationId, runId);
  const now = Date.now();
  const [row] = store.exec(
    `INSERT INTO _nc_automation_runs (fk_automation_id, status, trigger, row_id, depth, due_at, created_at)
     VALUES (?, 'queued', ?, ?, ?, ?, ?) RETURNING *`,
    automationId,
    String(old.trigger),
    old.row_id ?? null,
    Number(old.depth),
    now,
    now,
  );
  return runJson(row!);
}

/** When the next queued or waiting run is due (ms), or null. */
export function nextDue(store: ProjectStore): number | null {
  const [r] = store.exec("SELECT min(due_at) AS at FROM _nc_automation_runs WHERE status IN ('queued', 'running')");
  return r?.at == null ? null : Number(r.at);
}
