import * as auditApi from "../db/rows/audit";
import * as ext from "../db/external/rows";
import type { RoomSource } from "./room-external";

/**
 * Row writes on a project's external database (db/external/rows.ts), each with the events its
 * commit tells the tabs: one row named, or "rows" for many (the tabs refetch what they show).
 */
export function updateWhere(
  src: RoomSource,
  tableKey: string,
  where: string | undefined,
  body: unknown,
  actor: auditApi.Actor,
) {
  return src.write(
    (x) => ext.updateWhere({ ...x, by: actor }, tableKey, where, body),
    () => src.rowsEvent(tableKey, actor),
  );
}

export function deleteWhere(src: RoomSource, tableKey: string, where: string | undefined, actor: auditApi.Actor) {
  return src.write(
    (x) => ext.deleteWhere(x, tableKey, where),
    () => src.rowsEvent(tableKey, actor),
  );
}

export function insertRow(src: RoomSource, tableKey: string, body: unknown, actor: auditApi.Actor) {
  return src.write(
    (x) => ext.insertOne({ ...x, by: actor }, tableKey, body),
    (row) => ({ type: "row", op: "insert", tableId: src.tableId(tableKey), row, by: actor }),
  );
}

export function insertRows(src: RoomSource, tableKey: string, bodies: unknown[] | string, actor: auditApi.Actor) {
  return src.write(
    (x) => ext.insertMany({ ...x, by: actor }, tableKey, bodies),
    () => src.rowsEvent(tableKey, actor),
  );
}

export function updateRow(src: RoomSource, tableKey: string, rowId: string, body: unknown, actor: auditApi.Actor) {
  return src.write(
    (x) => ext.updateOne({ ...x, by: actor }, tableKey, rowId, body),
    (row) => ({
      type: "row",
      op: "update",
      tableId: src.tableId(tableKey),
      row,
      changed: Object.keys((body ?? {}) as object),
      by: actor,
    }),
  );
}

export function updateRows(src: RoomSource, tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
  return src.write(
    (x) => ext.updateMany({ ...x, by: actor }, tableKey, bodies),
    () => src.rowsEvent(tableKey, actor),
  );
}

export function deleteRow(src: RoomSource, tableKey: string, rowId: string, actor: auditApi.Actor) {
  return src.write(
    (x) => ext.deleteOne(x, tableKey, rowId),
    () => ({ type: "row", op: "delete", tableId: src.tableId(tableKey), rowId, by: actor }),
  );
}

export function deleteRows(src: RoomSource, tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
  return src.write(
    (x) => ext.deleteMany(x, tableKey, bodies),
    () => src.rowsEvent(tableKey, actor),
  );
}

export function setLink(
  src: RoomSource,
  tableKey: string,
  rowId: string,
  columnKey: string,
  refRowId: string,
  add: boolean,
  actor: auditApi.Actor,
) {
  return src.write(
    (x) => ext.setLink(x, tableKey, rowId, columnKey, refRowId, add),
    (res) => [src.rowsEvent(tableKey, actor), src.rowsEvent(res.relatedTableId, actor)],
  );
}
