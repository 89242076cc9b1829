import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { newId, timeOrderedId } from "../ids";
import { audit, type AuditRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { apiValuesOf } from "./audit-values";

/** Who acts: recorded with every write and comment. */
export interface Actor {
  id: string;
  email: string;
  /** The name "Created by" / "Last modified by" cells show (first and last name); absent when unknown. */
  name?: string | null;
  /** Set on changes an automation run makes: how deep its chain is (db/automations/trigger.ts loop guard). */
  depth?: number;
}

export interface AuditEntry {
  rowId: string;
  subType: "INSERT" | "UPDATE" | "DELETE";
  description: string;
  details?: unknown;
}

/** Appends history entries of one table in the caller's transaction (one prepared statement, reused). */
export function recordWrites(store: ProjectStore, modelId: string, actor: Actor, entries: AuditEntry[], now: string) {
  for (const e of entries) {
    store.exec(
      `INSERT INTO _nc_audit (id, fk_model_id, row_id, op_type, op_sub_type, user, user_id, description, details, created_at, updated_at)
       VALUES (?, ?, ?, 'DATA', ?, ?, ?, ?, ?, ?, ?)`,
      timeOrderedId("adt_"),
      modelId,
      e.rowId,
      e.subType,
      actor.email,
      actor.id,
      e.description,
      e.details === undefined ? null : JSON.stringify(e.details),
      now,
      now,
    );
  }
}

/**
 * The "created" history of new rows. Rules (issue 14: a bulk insert wrote as many history rows,
 * with their two indexes, as data rows, about a third of its database work):
 * - one row alone gets its own entry, as before;
 * - several rows get one entry per run of consecutive ids (one for a whole bulk request, whose
 *   ids are consecutive): row_id NULL, op_sub_type BULK_INSERT, details `{"from":a,"to":b}`;
 * - a row's history (listAudit) shows such a run as that row's own INSERT entry, so what a user
 *   sees of a record is the same however it was inserted.
 */
export function recordInserts(store: ProjectStore, modelId: string, actor: Actor, ids: number[], now: string) {
  if (ids.length === 1) {
    store.exec(
      `INSERT INTO _nc_audit (id, fk_model_id, row_id, op_type, op_sub_type, user, user_id, description, created_at, updated_at)
       VALUES (?, ?, ?, 'DATA', 'INSERT', ?, ?, ?, ?, ?)`,
      timeOrderedId("adt_"),
      modelId,
      String(ids[0]),
      actor.email,
      actor.id,
      CREATED,
      now,
      now,
    );
    return;
  }
  for (const [from, to] of runsOf(ids)) {
    store.exec(
      `INSERT INTO _nc_audit (id, fk_model_id, row_id, op_type, op_sub_type, user, user_id, description, details, created_at, updated_at)
       VALUES (?, ?, NULL, 'DATA', ?, ?, ?, ?, ?, ?, ?)`,
      timeOrderedId("adt_"),
      modelId,
      BULK_INSERT,
      actor.email,
      actor.id,
      CREATED,
      JSON.stringify({ from, to }),
      now,
      now,
    );
  }
}

const CREATED = "created the record";
const BULK_INSERT = "BULK_INSERT";

/** Runs of consecutive ids in ascending ids, as [first, last] pairs. */
export function runsOf(ids: number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const id of ids) {
    const last = runs[runs.length - 1];
    if (last && id === last[1] + 1) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

export function addComment(store: ProjectStore, modelId: string, rowId: string, actor: Actor, text: string) {
  const now = new Date().toISOString();
  const row: AuditRow = {
    id: newId("adt_"),
    modelId,
    rowId,
    opType: "COMMENT",
    opSubType: null,
    user: actor.email,
    userId: actor.id,
    description: text,
    details: null,
    createdAt: now,
    updatedAt: now,
  };
  store.meta.insert(audit).values(row).run();
  return auditJson(row);
}

/**
 * A row's history and comments, newest first (contract 4.9); a bulk insert's run counts as the
 * row's own entry; values as the API answers them, however old the entry (audit-values.ts).
 */
export function listAudit(store: ProjectStore, modelId: string, rowId: string, commentsOnly: boolean) {
  const entries = auditEntries(store, modelId, rowId, commentsOnly);
  return commentsOnly ? entries : apiValuesOf(store, modelId, entries);
}

function auditEntries(store: ProjectStore, modelId: string, rowId: string, commentsOnly: boolean) {
  const where = commentsOnly
    ? and(eq(audit.modelId, modelId), eq(audit.rowId, rowId), eq(audit.opType, "COMMENT"))
    : and(eq(audit.modelId, modelId), eq(audit.rowId, rowId));
  const own = store.meta
    .select()
    .from(audit)
    .where(where)
    .orderBy(desc(audit.createdAt), sql`rowid DESC`)
    .all()
    .map(auditJson);
  const key = Number(rowId);
  if (commentsOnly || !/^\d{1,15}$/.test(rowId) || !Number.isSafeInteger(key)) return own;
  const runs = store.meta
    .select()
    .from(audit)
    .where(
      and(
        eq(audit.modelId, modelId),
        isNull(audit.rowId),
        eq(audit.opSubType, BULK_INSERT),
        sql`json_extract(${audit.details}, '$.from') <= ${key} AND json_extract(${audit.details}, '$.to') >= ${key}`,
      ),
    )
    .all();
  if (runs.length === 0) return own;
  const created = runs.map((a) => ({
    ...auditJson({ ...a, rowId, opSubType: "INSERT", details: null }),
    id: `${a.id}_${rowId}`,
  }));
  // The creation comes before anything else that happened to the row in the same millisecond.
  return [...own, ...created].sort((a, b) =>
    a.created_at === b.created_at ? 0 : a.created_at < b.created_at ? 1 : -1,
  );
}

export function countComments(store: ProjectStore, modelId: string, rowIds: string[]) {
  if (rowIds.length === 0) return [];
  return store.meta
    .select({ row_id: audit.rowId, count: sql<number>`count(*)` })
    .from(audit)
    .where(and(eq(audit.modelId, modelId), eq(audit.opType, "COMMENT"), inArray(audit.rowId, rowIds.slice(0, 90))))
    .groupBy(audit.rowId)
    .all();
}

export function auditJson(a: AuditRow) {
  return {
    id: a.id,
    fk_model_id: a.modelId,
    row_id: a.rowId,
    op_type: a.opType,
    op_sub_type: a.opSubType,
    user: a.user,
    description: a.description,
    details: a.details ? JSON.parse(a.details) : null,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}
