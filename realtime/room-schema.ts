import { fullTableRef } from "../db/rows/table-ref";
import * as readApi from "../db/rows/read";
import * as columnsApi from "../db/schema/columns";
import { missing } from "../db/errors";
import * as tablesApi from "../db/schema/tables";
import type { ProjectStore } from "../db/store/store";
import type { Reader } from "../db/access/rules";
import * as accessApi from "../db/access/rules";
import { metaFor } from "../db/access/meta";
import type { RoomChanges } from "./room-changes";
import { guard } from "./room-guard";
import { hidingNewColumns } from "../db/views/sync";
import type { RoomResult } from "./room-result";
import type { SnapshotCause } from "../db/project/snapshot-requests";
import type { Actor } from "../db/rows/audit";
import { trashColumn } from "../db/trash/fields";
import { trashTable } from "../db/trash/tables";

/**
 * Schema changes on the project's own tables, each a schema change of room-changes.ts (the
 * external database's are room-schema-source.ts): a formula added or changed is evaluated over the table in the same
 * transaction, a deleted table or field goes to the trash with its data and uploads (db/trash),
 * saved access is read back. projectId is the room's name.
 */
export class SchemaWrites {
  constructor(
    private readonly room: { readonly store: ProjectStore },
    private readonly changes: RoomChanges,
    /** A destructive change runs after a snapshot of the state before it (room-snapshots.ts). */
    private readonly snapshotFirst: <T>(cause: SnapshotCause, change: () => RoomResult<T>) => RoomResult<T> = (_, c) =>
      c(),
  ) {}

  private get store() {
    return this.room.store;
  }

  createTable(projectId: string, input: tablesApi.CreateTableInput) {
    return this.changes.schema(() => tablesApi.createTable(this.store, projectId, input));
  }
  updateTable(tableId: string, input: Parameters<typeof tablesApi.updateTable>[2]) {
    return this.changes.schema(() => tablesApi.updateTable(this.store, tableId, input));
  }
  // Into the trash (issue 35): the rows and their uploads are kept until the entry is purged;
  // a snapshot of the state before is taken first, as for every destructive schema change.
  deleteTable(tableId: string, actor: Actor | null = null) {
    const table = guard(() => fullTableRef(this.store, tableId).model.title);
    return this.snapshotFirst({ reason: "deleteTable", subject: table.ok ? table.data : tableId }, () =>
      this.changes.schema(() => trashTable(this.store, tableId, actor)),
    );
  }
  // A formula added or changed is evaluated over the table in the same transaction (probeFormula).
  addColumn(
    projectId: string,
    tableId: string,
    input: Parameters<typeof columnsApi.addColumn>[3],
    hiddenIn: readonly string[] = [],
  ) {
    return this.changes.schema(() =>
      this.store.transaction(() => {
        const table = hidingNewColumns(this.store, hiddenIn, () =>
          columnsApi.addColumn(this.store, projectId, tableId, input),
        );
        const made = (table as { columns?: Array<{ id: string; title: string }> }).columns?.find(
          (c) => c.title === input.title,
        );
        if (made) readApi.probeFormula(this.store, made.id);
        return table;
      }),
    );
  }
  updateColumn(projectId: string, columnId: string, input: Parameters<typeof columnsApi.updateColumn>[3]) {
    const change = () =>
      this.changes.schema(() =>
        this.store.transaction(() => {
          const table = columnsApi.updateColumn(this.store, projectId, columnId, input);
          readApi.probeFormula(this.store, columnId);
          return table;
        }),
      );
    // A new type converts (and may lose) the field's values: a snapshot first.
    const current = guard(() => columnsApi.findColumn(this.store, columnId));
    const uidt = (input as { uidt?: string }).uidt;
    if (!current.ok || !uidt || uidt === current.data.uidt) return change();
    return this.snapshotFirst({ reason: "changeType", subject: current.data.title }, change);
  }
  deleteColumn(projectId: string, columnId: string, actor: Actor | null = null) {
    const column = guard(() => columnsApi.findColumn(this.store, columnId).title);
    return this.snapshotFirst({ reason: "deleteField", subject: column.ok ? column.data : columnId }, () =>
      this.changes.schema(() => trashColumn(this.store, projectId, columnId, actor)),
    );
  }
  saveAccess(tableId: string, input: accessApi.AccessInput) {
    return this.changes.schema(() => {
      const id = fullTableRef(this.store, tableId).model.id;
      accessApi.saveAccess(this.store, id, input);
      return accessApi.accessJson(this.store, id);
    });
  }
}

/** A field as the reader's role sees the table's meta (db/access/meta.ts). */
export function readColumn(
  room: { readonly store: ProjectStore },
  projectId: string,
  columnId: string,
  reader?: Reader | null,
) {
  return guard(() => {
    const c = columnsApi.findColumn(room.store, columnId);
    const table = metaFor(room.store, tablesApi.readTable(room.store, projectId, c.modelId), reader ?? null);
    const column = table.columns.find((x) => x.id === c.id);
    // The same answer as for a field that does not exist: no hint that it does.
    if (!column) throw missing(`Column with id/name '${columnId}' is not found`);
    return column;
  });
}
