import { compileWhere, type WhereNode } from "../query";
import { countParams, ident, join, param, render, sql } from "../query/sql";
import { apiRow, queryTable, readById } from "../rows/read";
import { compileList } from "../query";
// Hooks are builders' settings and carry whole records, whoever wrote.
import { fullTableRef as tableRef, type TableRef } from "../rows/table-ref";
import type { ProjectStore } from "../store/store";
import { storedTree } from "../views/filters-to-where";
import { tableColumns } from "../views/lookup";
import { activeHooks, hookFilterRows, type HookRow } from "./hooks";
import type { HookOperation } from "./inputs";

/**
 * What a row write hands to its table's webhooks. Rules:
 * - a write whose table has no active hook for the operation costs one memoised lookup;
 * - conditions compile to SQL with the view filter compiler and run next to the data, on the
 *   written rows only (their keys bound, in batches under the statement's parameter limit);
 * - update hooks see the rows after the change (and the rows before it as `previous_rows`);
 *   delete hooks are evaluated, and their rows read, before the rows go;
 * - each hook gets one queued message per write (a bulk write's rows in chunks of 1000); the
 *   project room's alarm delivers them, so the write never waits for a delivery.
 */
type Row = Record<string, unknown>;

export interface HookSnapshot {
  rows: Map<number, Row>;
  /** For delete operations: the rows each hook's conditions matched before the delete. */
  matched: Map<string, Set<number>>;
}

const CHUNK = 1000;

function pkOf(t: TableRef) {
  return t.cols.find((c) => c.pk)!;
}

/** A hook's conditions as a where tree, memoised with the schema (hook changes clear it). */
function conditionTree(store: ProjectStore, hook: HookRow): WhereNode | null {
  if (!hook.condition) return null;
  const key = `hooktree:${hook.id}`;
  if (store.schemaCache.has(key)) return store.schemaCache.get(key) as WhereNode | null;
  const tree = storedTree(hookFilterRows(store, hook.id), tableColumns(store, hook.fk_model_id));
  store.schemaCache.set(key, tree);
  return tree;
}

/** The keys among `ids` whose rows satisfy the tree, by one SQL statement per batch. */
export function matchingKeys(store: ProjectStore, t: TableRef, tree: WhereNode | null, ids: number[]): Set<number> {
  if (!tree || !ids.length) return new Set(ids);
  const frag = compileWhere(queryTable(t), tree, { dialect: "sqlite" });
  if (!frag) return new Set(ids);
  const key = ident("sqlite", pkOf(t).columnName);
  const batch = Math.max(1, 95 - countParams(frag));
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += batch) {
    const keys = join(ids.slice(i, i + batch).map(param), ", ");
    const q = render(
      sql`SELECT ${key} AS id FROM ${ident("sqlite", t.model.tableName)} WHERE ${key} IN (${keys}) AND (${frag})`,
      "sqlite",
    );
    for (const r of store.exec(q.sql, ...(q.params as never[]))) out.add(Number(r.id));
  }
  return out;
}

const isDelete = (op: HookOperation) => op === "delete" || op === "bulkDelete";
const isUpdate = (op: HookOperation) => op === "update" || op === "bulkUpdate";

/**
 * The API rows of `ids`: one by one for a few, else by key ranges of up to 1000 (bulk writes
 * make consecutive keys), each one list statement with the computed fields.
 */
export function readRows(store: ProjectStore, t: TableRef, ids: number[]): Map<number, Row> {
  const rows = new Map<number, Row>();
  if (ids.length <= 3) {
    for (const id of ids) {
      const r = readById(store, t, id);
      if (r) rows.set(id, r);
    }
    return rows;
  }
  const pk = pkOf(t);
  const wanted = new Set(ids);
  const sorted = [...wanted].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length;) {
    const from = sorted[i]!;
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]! - from < 1000) j++;
    const to = sorted[j]!;
    const where: WhereNode = {
      type: "group",
      logicalOp: "and",
      children: [
        { type: "cond", logicalOp: "and", column: pk.title, op: "gte", value: String(from) },
        { type: "cond", logicalOp: "and", column: pk.title, op: "lte", value: String(to) },
      ],
    };
    const compiled = compileList({
      dialect: "sqlite",
      table: queryTable(t),
      where,
      limit: Math.min(1000, to - from + 1),
      offset: 0,
    });
    for (const raw of store.exec(compiled.list.sql, ...(compiled.list.params as never[]))) {
      const row = apiRow(t, compiled.select, raw);
      const id = Number(row[pk.title]);
      if (wanted.has(id)) rows.set(id, row);
    }
    i = j + 1;
  }
  return rows;
}

/** Before an update or delete: the rows as they are (and delete conditions); null without hooks. */
export function hooksBefore(
  store: ProjectStore,
  tableKey: string,
  op: HookOperation,
  ids: number[],
): HookSnapshot | null {
  const t = tableRef(store, tableKey);
  const hooks = activeHooks(store, t.model.id, op);
  if (!hooks.length || !(isDelete(op) || isUpdate(op))) return null;
  const matched = new Map<string, Set<number>>();
  if (isDelete(op)) for (const h of hooks) matched.set(h.id, matchingKeys(store, t, conditionTree(store, h), ids));
  return { rows: readRows(store, t, ids), matched };
}

export function hasHooks(store: ProjectStore, tableKey: string, op: HookOperation): boolean {
  return activeHooks(store, tableRef(store, tableKey).model.id, op).length > 0;
}

/** The NocoDB (v2) webhook body. */
export function hookPayload(t: TableRef, op: HookOperation, rows: Row[], previous?: Row[]) {
  return {
    type: `records.after.${op}`,
    id: crypto.randomUUID(),
    data: { table_id: t.model.id, table_name: t.model.title, rows, ...(previous ? { previous_rows: previous } : {}) },
  };
}

/** After the write committed: queues one message per matching hook; answers how many. */
export function hooksAfter(
  store: ProjectStore,
  tableKey: string,
  op: HookOperation,
  ids: number[],
  before: HookSnapshot | null,
  nowMs = Date.now(),
): number {
  const t = tableRef(store, tableKey);
  const hooks = activeHooks(store, t.model.id, op);
  if (!hooks.length || !ids.length) return 0;
  const after = isDelete(op) ? (before?.rows ?? new Map<number, Row>()) : readRows(store, t, ids);
  let queued = 0;
  for (const h of hooks) {
    const keys = isDelete(op)
      ? (before?.matched.get(h.id) ?? new Set<number>())
      : matchingKeys(store, t, conditionTree(store, h), ids);
    const hit = ids.filter((id) => keys.has(id) && after.has(id));
    for (let i = 0; i < hit.length; i += CHUNK) {
      const part = hit.slice(i, i + CHUNK);
      const prev =
        isUpdate(op) && before
          ? part.map((id) => before.rows.get(id) ?? null).filter((r): r is Row => r !== null)
          : undefined;
      const body = hookPayload(
        t,
        op,
        part.map((id) => after.get(id)!),
        prev,
      );
      store.exec(
        "INSERT INTO _nc_hook_queue (fk_hook_id, payload, attempt, due_at, created_at) VALUES (?, ?, 0, ?, ?)",
        h.id,
        JSON.stringify(body),
        nowMs,
        nowMs,
      );
      queued++;
    }
  }
  return queued;
}

/** A sample body for the hook form (contract 4.8 samplePayload): the table's first row, or its titles. */
export function samplePayload(store: ProjectStore, tableKey: string, op: HookOperation) {
  const t = tableRef(store, tableKey);
  const [first] = store.exec(
    `SELECT min(${ident("sqlite", pkOf(t).columnName).chunks[0] as string}) AS id FROM ${ident("sqlite", t.model.tableName).chunks[0] as string}`,
  );
  const row = first?.id != null ? readById(store, t, Number(first.id)) : null;
  const sample = row ?? Object.fromEntries(t.cols.map((c) => [c.title, null]));
  return hookPayload(t, op, [sample], isUpdate(op) ? [sample] : undefined);
}
