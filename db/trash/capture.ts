import { quoteIdent as Q } from "../schema/names";
import { modelColumns } from "../schema/tables";
import { linkPlans } from "../rows/links";
import { fullTableRef } from "../rows/table-ref";
import type { Actor } from "../rows/audit";
import type { ProjectStore } from "../store/store";

/**
 * Records going into the trash (issue 35), in the delete's own transaction and before their links
 * are cleared: ONE statement per request (per 10,000 ids) writes one `_nc_trash` entry per record,
 * reading the rows and their links in SQL where they are, so a large filtered delete adds no JS
 * work per row. An entry's payload (what db/trash/records.ts gives back):
 *
 *   { "row": { <column name>: <stored value>, ... },      every stored column, as stored
 *     "links": { <link column id>: [<other ids>], ... },   mm: the junction's other ids,
 *                                                         hm: the children pointing here,
 *                                                         bt: the parent (also in the row's FK)
 *     "cells": [<column name>, ...] }                     only when some values were too large:
 *                                                         those, kept in _nc_kept_cells
 *
 * The title is the record's display value as stored (its key when empty or computed), cut short.
 * A row whose JSON would pass SQLite's 2 MB limit of one value (its values may each be up to it)
 * is refused by that statement; its records are then written again with every value longer than
 * BIG_VALUE in _nc_kept_cells, one value each, so such a record can be deleted and restored.
 */
export interface RecordPayload {
  /** One object, or (a row of many columns) objects to merge. */
  row: Record<string, unknown> | Array<Record<string, unknown>>;
  /** Columns whose values are in _nc_kept_cells (left out of `row`). */
  cells?: Array<string | null>;
  links: Record<string, Array<number | string>>;
}

/**
 * SQLite's json_object takes at most 127 arguments in older builds: a row of more columns is
 * written as an array of objects of at most this many columns each, which restore merges
 * (records.ts payloadOf). Not json_patch: a merge patch drops nulls, and a field NULL at the delete
 * would come back with its default.
 */
const COLUMNS_PER_OBJECT = 60;

/** Ids per statement: one bound JSON array, so only SQLite's own limits apply. */
const IDS_PER_STATEMENT = 10_000;

/** Characters past which a value of a too-large row goes to its own cell (see above). */
const BIG_VALUE = 65_536;

const TOO_BIG = /too big|toobig/i;

/** Writes the trash entries of these records of one table (batch: one id per request). */
export function captureRecords(
  store: ProjectStore,
  tableId: string,
  ids: readonly number[],
  actor: Actor | null,
  batch: string,
  now: string,
) {
  if (!ids.length) return;
  // The whole table, whoever deletes: a field hidden from the deleter is still the record's.
  const t = fullTableRef(store, tableId);
  const table = Q(t.model.tableName);
  const key = t.cols.find((c) => c.pk)!;
  const keySql = `_r.${Q(key.columnName)}`;
  const label = (name: string) => `'${name.replace(/'/g, "''")}'`;
  const names = t.cols.map((c) => c.columnName);
  const isBig = (name: string) => `length(_r.${Q(name)}) > ${BIG_VALUE}`;
  /** The row's JSON; `split`: big values left out (they go to cells). */
  const rowJson = (split: boolean) => {
    const cell = (name: string) =>
      `${label(name)}, ${split ? `CASE WHEN ${isBig(name)} THEN NULL ELSE _r.${Q(name)} END` : `_r.${Q(name)}`}`;
    const parts: string[] = [];
    for (let i = 0; i < names.length; i += COLUMNS_PER_OBJECT)
      parts.push(
        `json_object(${names
          .slice(i, i + COLUMNS_PER_OBJECT)
          .map(cell)
          .join(", ")})`,
      );
    return parts.length === 1 ? parts[0]! : `json_array(${parts.join(", ")})`;
  };
  const links = linkPlans(store, tableId).map((l) => {
    const label = `'${l.columnId.replace(/'/g, "''")}'`;
    if (l.junction)
      return `${label}, (SELECT json_group_array(_j.${Q(l.junction.theirs)}) FROM ${Q(l.junction.table)} AS _j WHERE _j.${Q(l.junction.mine)} = ${keySql})`;
    if (l.type === "hm")
      return `${label}, (SELECT json_group_array(_c.${Q(l.related.key)}) FROM ${Q(l.related.tableName)} AS _c WHERE _c.${Q(l.fk!)} = ${keySql})`;
    return `${label}, CASE WHEN _r.${Q(l.fk!)} IS NULL THEN json_array() ELSE json_array(_r.${Q(l.fk!)}) END`;
  });
  const pvId = modelColumns(store, tableId).find((c) => c.pv)?.id;
  const pv = t.cols.find((c) => c.id === pvId);
  const title = pv
    ? `substr(coalesce(nullif(CAST(_r.${Q(pv.columnName)} AS TEXT), ''), CAST(${keySql} AS TEXT)), 1, 200)`
    : `CAST(${keySql} AS TEXT)`;
  const entries = (
    split: boolean,
  ) => `INSERT INTO _nc_trash (id, kind, title, fk_model_id, row_id, batch, deleted_by, deleted_at, payload)
    SELECT 'tr_' || lower(hex(randomblob(7))), 'record', ${title}, ?, CAST(${keySql} AS TEXT), ?, ?, ?,
      json_object('row', json(${rowJson(split)}), 'links', json_object(${links.join(", ")})${
        split
          ? `, 'cells', json_array(${names.map((n) => `CASE WHEN ${isBig(n)} THEN ${label(n)} END`).join(", ")})`
          : ""
      })
    FROM ${table} AS _r WHERE ${keySql} IN (SELECT value FROM json_each(?))`;
  // The big values of the entries just written for these ids (this batch's), one cell each.
  const cells = `INSERT INTO _nc_kept_cells (fk_trash_id, name, value)
    ${names
      .map(
        (n) => `SELECT _t.id, ${label(n)}, _r.${Q(n)} FROM _nc_trash AS _t JOIN ${table} AS _r
          ON CAST(${keySql} AS TEXT) = _t.row_id
          WHERE _t.batch = ? AND _t.fk_model_id = ? AND ${keySql} IN (SELECT value FROM json_each(?)) AND ${isBig(n)}`,
      )
      .join(" UNION ALL ")}`;
  const who = actor?.email ?? null;
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const some = JSON.stringify(ids.slice(i, i + IDS_PER_STATEMENT));
    try {
      store.exec(entries(false), tableId, batch, who, now, some);
    } catch (err) {
      if (!(err instanceof Error) || !TOO_BIG.test(err.message)) throw err;
      store.exec(entries(true), tableId, batch, who, now, some);
      store.exec(cells, ...names.flatMap(() => [batch, tableId, some]));
    }
  }
}

/** The values of an entry's row kept in their own cells (capture.ts), by column name. */
export function cellsOf(store: ProjectStore, entryId: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of store.exec("SELECT name, value FROM _nc_kept_cells WHERE fk_trash_id = ?", entryId))
    out[String(r.name)] = r.value;
  return out;
}
