import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { newId, timeOrderedId } from "../ids";
import { audit, type AuditRow } from "../store/schema";
import type { ProjectStore } from "../store/store";

/** Who acts: recorded with every write and comment. */
export interface Actor {
  id: string;
  email: string;
  /** The name "Created by" / "Last modified by" cells show (first and last name); absent when unknown. */
  name?: string | null;
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
      timeOrderedId("adt_"), modelId, e.rowId, e.subType, actor.email, actor.id, e.description,
      e.details === undefined ? null : JSON.stringify(e.details), now, now,
    );
  }
}

/** One "created" entry per new row, in a single statement per 10,000 rows (ids and rows as JSON). */
export function recordInserts(store: ProjectStore, modelId: string, actor: Actor, ids: number[], now: string) {
  for (let i = 0; i < ids.length; i += 10_000) {
    store.exec(
      `INSERT INTO _nc_audit (id, fk_model_id, row_id, op_type, op_sub_type, user, user_id, description, created_at, updated_at)
       SELECT json_extract(value, '$[0]'), ?, CAST(json_extract(value, '$[1]') AS TEXT), 'DATA', 'INSERT', ?, ?, 'created the record', ?, ?
       FROM json_each(?)`,
      modelId, actor.email, actor.id, now, now, JSON.stringify(ids.slice(i, i + 10_000).map((id) => [timeOrderedId("adt_"), id])),
    );
  }
}

export function addComment(store: ProjectStore, modelId: string, rowId: string, actor: Actor, text: string) {
  const now = new Date().toISOString();
  const row: AuditRow = {
    id: newId("adt_"), modelId, rowId, opType: "COMMENT", opSubType: null, user: actor.email, userId: actor.id,
    description: text, details: null, createdAt: now, updatedAt: now,
  };
  store.meta.insert(audit).values(row).run();
  return auditJson(row);
}

/** A row's history and comments, newest first (contract 4.9). */
export function listAudit(store: ProjectStore, modelId: string, rowId: string, commentsOnly: boolean) {
  const where = commentsOnly
    ? and(eq(audit.modelId, modelId), eq(audit.rowId, rowId), eq(audit.opType, "COMMENT"))
    : and(eq(audit.modelId, modelId), eq(audit.rowId, rowId));
  return store.meta.select().from(audit).where(where).orderBy(desc(audit.createdAt), sql`rowid DESC`).all().map(auditJson);
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
