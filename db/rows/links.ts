import { bad, DbError, missing } from "../errors";
import { compileList, type ListParams } from "../query";
import { ident, param, sql, type Frag } from "../query/sql";
import { linkOptions, type LinkOptions } from "../schema/links";
import { quoteIdent as Q } from "../schema/names";
import { findModel, modelColumns } from "../schema/tables";
import type { ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { recordWrites, type Actor } from "./audit";
import { apiRow, pageInfo, queryTable } from "./read";
import { fullTableRef, tableRef, type TableRef } from "./table-ref";
import { rowKey } from "./row-key";
import { displayText } from "./display-value";
import { checkWritable, requireVisible } from "./access-guard";
import { isLink } from "../fields/registry";

/**
 * Nested link routes (contract 5.2): list the records linked to a row, list the candidates not yet
 * linked (the picker), link and unlink. hm: the child's FK points at the row; bt: the row's FK
 * points at the parent; mm: a junction row pairs them. Linking a record already linked is refused
 * with `This record is already linked`, which the web shows as msg.info.valueAlreadyInList.
 */
const q = (name: string) => ident("sqlite", name);

interface Link {
  here: TableRef;
  col: ColumnRow;
  o: LinkOptions;
  related: TableRef;
  /** The FK column (hm/bt) or the junction's own and other columns (mm). */
  fk?: string;
  junction?: { table: string; mine: string; theirs: string };
}

/** `whole`: every link and record, whoever reads (clean-up after deletes). */
function linkOf(store: ProjectStore, tableKey: string, columnKey: string, whole = false): Link {
  const ref = whole ? fullTableRef : tableRef;
  const here = ref(store, tableKey);
  const cols = modelColumns(store, here.model.id);
  const col = cols.find((c) => isLink(c.uidt) && (c.id === columnKey || c.title === columnKey));
  // A link hidden from the reader is not there for them.
  if (!col || here.access?.denied.get(col.title) === "hidden")
    throw missing(`Column with id/name '${columnKey}' is not found`);
  const o = linkOptions(col);
  const related = ref(store, o.fk_related_model_id);
  if (o.type === "mm") {
    const j = findModel(store, o.fk_mm_model_id!);
    const jCols = modelColumns(store, j.id);
    const name = (id: string | undefined) => jCols.find((c) => c.id === id)!.columnName!;
    return {
      here,
      col,
      o,
      related,
      junction: { table: j.tableName, mine: name(o.fk_mm_child_column_id), theirs: name(o.fk_mm_parent_column_id) },
    };
  }
  const fk = [...cols, ...modelColumns(store, related.model.id)].find(
    (c) => c.id === o.fk_child_column_id,
  )!.columnName!;
  return { here, col, o, related, fk };
}

const keyName = (t: TableRef) => t.cols.find((c) => c.pk)!.columnName;

function assertRow(store: ProjectStore, t: TableRef, id: number) {
  // A record outside the reader's row rule is not there for them (db/rows/access-guard.ts).
  if (t.access?.rule) {
    requireVisible(store, t, [id]);
    return;
  }
  if (!store.exec(`SELECT 1 FROM ${Q(t.model.tableName)} WHERE ${Q(keyName(t))} = ?`, id).length) {
    throw missing("Row not found");
  }
}

/** SQL condition on the related table (by its own name): linked to row `id`, or not. */
function linkedTo(l: Link, store: ProjectStore, id: number, linked: boolean): Frag {
  const rel = q(l.related.model.tableName);
  const relKey = sql`${rel}.${q(keyName(l.related))}`;
  let cond: Frag;
  if (l.junction) {
    cond = sql`${relKey} IN (SELECT ${q(l.junction.theirs)} FROM ${q(l.junction.table)} WHERE ${q(l.junction.mine)} = ${param(id)})`;
  } else if (l.o.type === "hm") {
    cond = sql`${rel}.${q(l.fk!)} IS ${param(id)}`;
  } else {
    const [row] = store.exec(
      `SELECT ${Q(l.fk!)} AS fk FROM ${Q(l.here.model.tableName)} WHERE ${Q(keyName(l.here))} = ?`,
      id,
    );
    cond = sql`${relKey} IS ${param((row?.fk as number | null) ?? null)}`;
  }
  return linked ? cond : sql`NOT (${cond})`;
}

export function nestedList(
  store: ProjectStore,
  tableKey: string,
  rowId: string,
  columnKey: string,
  params: ListParams,
  linked: boolean,
) {
  const l = linkOf(store, tableKey, columnKey);
  const id = rowKey(rowId);
  assertRow(store, l.here, id);
  const extra = linkedTo(l, store, id, linked);
  const compiled = compileList({ dialect: "sqlite", table: queryTable(l.related), ...params, extra });
  const list = store
    .exec(compiled.list.sql, ...(compiled.list.params as never[]))
    .map((raw) => apiRow(l.related, compiled.select, raw));
  const total = Number(store.exec(compiled.count.sql, ...(compiled.count.params as never[]))[0]?.count ?? 0);
  return { list, pageInfo: pageInfo(total, params.limit, params.offset) };
}

/** The link written or removed by SQL; false when it was already so (nothing changed). */
function writeOne(store: ProjectStore, l: Link, id: number, ref: number, add: boolean): boolean {
  const relT = Q(l.related.model.tableName);
  const hereT = Q(l.here.model.tableName);
  const fk = l.fk ? Q(l.fk) : "";
  if (l.junction) {
    const [jt, mine, theirs] = [Q(l.junction.table), Q(l.junction.mine), Q(l.junction.theirs)];
    return add
      ? store.exec(`INSERT OR IGNORE INTO ${jt} (${mine}, ${theirs}) VALUES (?, ?) RETURNING 1`, id, ref).length > 0
      : store.exec(`DELETE FROM ${jt} WHERE ${mine} = ? AND ${theirs} = ? RETURNING 1`, id, ref).length > 0;
  }
  if (l.o.type === "hm") {
    const relKey = Q(keyName(l.related));
    return add
      ? store.exec(`UPDATE ${relT} SET ${fk} = ? WHERE ${relKey} = ? AND ${fk} IS NOT ? RETURNING 1`, id, ref, id)
          .length > 0
      : store.exec(`UPDATE ${relT} SET ${fk} = NULL WHERE ${relKey} = ? AND ${fk} = ? RETURNING 1`, ref, id).length > 0;
  }
  const hereKey = Q(keyName(l.here));
  return add
    ? store.exec(`UPDATE ${hereT} SET ${fk} = ? WHERE ${hereKey} = ? AND ${fk} IS NOT ? RETURNING 1`, ref, id, ref)
        .length > 0
    : store.exec(`UPDATE ${hereT} SET ${fk} = NULL WHERE ${hereKey} = ? AND ${fk} = ? RETURNING 1`, id, ref).length > 0;
}

/**
 * The audit entry of one link written: it names the record by its display value, kept as it was
 * (the record may go later); its details are keyed by the field's title, so a reader without the
 * field never sees it.
 */
function linkEntry(store: ProjectStore, l: Link, id: number, ref: number, add: boolean) {
  const verb = add ? "linked" : "unlinked";
  const record = { id: ref, title: displayText(store, l.related, ref) };
  return {
    rowId: String(id),
    subType: "UPDATE" as const,
    description: `${verb} ${l.col.title} ${record.title}`,
    details: { [l.col.title]: { [verb]: record } },
  };
}

const linkAnswer = (l: Link, add: boolean) => ({
  msg: `The relation data has been ${add ? "created" : "deleted"} successfully`,
  relatedTableId: l.related.model.id,
});

/** Links (add) or unlinks (remove) one related record; returns the contract's message. */
export function setLink(
  store: ProjectStore,
  tableKey: string,
  rowId: string,
  columnKey: string,
  refRowId: string,
  add: boolean,
  actor: Actor,
) {
  const l = linkOf(store, tableKey, columnKey);
  const id = rowKey(rowId);
  const ref = rowKey(refRowId);
  checkWritable(l.here, { [l.col.title]: null });
  assertRow(store, l.here, id);
  assertRow(store, l.related, ref);
  return store.transaction(() => {
    if (!writeOne(store, l, id, ref, add))
      throw add ? bad("This record is already linked") : missing("This record is not linked");
    recordWrites(store, l.here.model.id, actor, [linkEntry(store, l, id, ref, add)], new Date().toISOString());
    return linkAnswer(l, add);
  });
}

/** A related record not there (or outside the reader's rows), named: a refusal of the whole list. */
export const missingRecord = (id: string, table: string) =>
  missing(`Record '${id}' not found in ${table}: nothing was linked or unlinked`);

/**
 * Links (add) or unlinks several related records in one transaction (NocoDB v2's link routes):
 * every record is checked first, so a missing one (named) changes nothing; a link already there
 * (or an unlink already gone) counts as done. A belongs-to link holds one record.
 */
export function setLinks(
  store: ProjectStore,
  tableKey: string,
  rowId: string,
  columnKey: string,
  refRowIds: readonly string[],
  add: boolean,
  actor: Actor,
) {
  const l = linkOf(store, tableKey, columnKey);
  const id = rowKey(rowId);
  if (l.o.type === "bt" && new Set(refRowIds).size > 1)
    throw bad(`${l.col.title} links one record: name one, not ${refRowIds.length}`);
  checkWritable(l.here, { [l.col.title]: null });
  assertRow(store, l.here, id);
  const refs = refRowIds.map((r) => {
    try {
      const ref = rowKey(r);
      assertRow(store, l.related, ref);
      return ref;
    } catch (e) {
      if (e instanceof DbError && e.status === 404) throw missingRecord(r, l.related.model.title);
      throw e;
    }
  });
  return store.transaction(() => {
    const entries = refs
      .filter((ref) => writeOne(store, l, id, ref, add))
      .map((ref) => linkEntry(store, l, id, ref, add));
    if (entries.length) recordWrites(store, l.here.model.id, actor, entries, new Date().toISOString());
    return { ...linkAnswer(l, add), changed: entries.length };
  });
}

/**
 * A table's links as SQL names (every link, whoever reads): what the delete of its records
 * clears (unlinkDeleted) and what the trash keeps and gives back (db/trash/records.ts).
 */
export interface LinkPlan {
  columnId: string;
  title: string;
  type: LinkOptions["type"];
  /** The other table: its id, title, SQL name and key column. */
  related: { id: string; title: string; tableName: string; key: string };
  /** This table's SQL name and key column. */
  here: { tableName: string; key: string };
  /** hm: the FK column in the related table; bt: the FK column in this one. */
  fk?: string;
  junction?: { table: string; mine: string; theirs: string };
}

export function linkPlans(store: ProjectStore, tableId: string): LinkPlan[] {
  return modelColumns(store, tableId)
    .filter((c) => isLink(c.uidt))
    .map((col) => {
      const l = linkOf(store, tableId, col.id, true);
      return {
        columnId: col.id,
        title: col.title,
        type: l.o.type,
        related: {
          id: l.related.model.id,
          title: l.related.model.title,
          tableName: l.related.model.tableName,
          key: keyName(l.related),
        },
        here: { tableName: l.here.model.tableName, key: keyName(l.here) },
        fk: l.fk,
        junction: l.junction,
      };
    });
}

/** Before rows of a table are deleted: their children lose the FK, their junction rows go. */
export function unlinkDeleted(store: ProjectStore, tableId: string, ids: number[]) {
  const json = JSON.stringify(ids);
  for (const l of linkPlans(store, tableId)) {
    if (l.junction) {
      store.exec(
        `DELETE FROM ${Q(l.junction.table)} WHERE ${Q(l.junction.mine)} IN (SELECT value FROM json_each(?))`,
        json,
      );
    } else if (l.type === "hm") {
      store.exec(
        `UPDATE ${Q(l.related.tableName)} SET ${Q(l.fk!)} = NULL WHERE ${Q(l.fk!)} IN (SELECT value FROM json_each(?))`,
        json,
      );
    }
  }
}
