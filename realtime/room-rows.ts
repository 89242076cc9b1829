import { tableRef } from "../db/rows/table-ref";
import * as auditApi from "../db/rows/audit";
import * as rowsApi from "../db/rows/api";
import * as linksApi from "../db/rows/links";
import type { FileSink } from "../db/rows/files";
import { rowKey } from "../db/rows/row-key";
import type { ProjectStore } from "../db/store/store";
import * as submitApi from "../db/views/form/submit";
import { submitWithLinks, type FormLink } from "../db/rows/submit-with-links";
import type { RoomChanges } from "./room-changes";
import type { RoomFiles } from "./room-files";
import type { RoomHooks } from "./room-webhooks";
import type * as room from "./room-socket";
import type { HookOperation } from "../db/hooks/inputs";
import { VISITOR } from "../db/access/reader";

/** The events a committed write tells the tabs. */
type Event<T> = (data: T) => room.RoomEvent | room.RoomEvent[];

/**
 * Row writes on the project's own tables, each composed of the same steps: the write and the
 * read of its answer in one transaction with the events told after the commit (room-changes.ts),
 * the table's webhooks around it (room-webhooks.ts), the uploads it names kept or the ones it
 * removed scheduled for removal (room-files.ts). tableKey is a table id or title.
 */
export class RowWrites {
  constructor(
    private readonly room: { readonly store: ProjectStore },
    private readonly changes: RoomChanges,
    private readonly hooks: RoomHooks,
    private readonly files: RoomFiles,
  ) {}

  private get store() {
    return this.room.store;
  }

  #tableId(tableKey: string) {
    return tableRef(this.store, tableKey).model.id;
  }

  /** Many rows changed (bulk, filtered, links): tabs showing the table refetch what they show. */
  #rows(tableKey: string, actor: auditApi.Actor): room.RoomEvent {
    return { type: "rows", tableId: this.#tableId(tableKey), by: actor };
  }

  /** Row keys named by bodies or rows (by the key column's title or name); others are skipped. */
  #keysOf(tableKey: string, rows: unknown[]): number[] {
    const pk = tableRef(this.store, tableKey).cols.find((c) => c.pk)!;
    return rows.flatMap((b) => {
      const r = (b ?? {}) as Record<string, unknown>;
      const id = Number(r[pk.title] ?? r[pk.columnName]);
      return Number.isSafeInteger(id) && id > 0 ? [id] : [];
    });
  }

  #whereIds(tableKey: string, where: string | undefined, me: string | null): number[] {
    return rowsApi.matchingIds(this.store, tableRef(this.store, tableKey), where, me);
  }

  // A form's record is an insert like the API's: the table's insert webhooks hear of it (#42).
  submitForm(tableKey: string, viewKey: string, body: unknown, actor: auditApi.Actor) {
    return this.#inserting(
      tableKey,
      "insert",
      () => submitApi.submitForm(this.store, tableKey, viewKey, body, actor),
      (res) => this.#keysOf(tableKey, [res.row]),
      (res) => ({ type: "row", op: "insert", tableId: this.#tableId(tableKey), row: res.row, by: actor }),
    );
  }
  /** A shared form's record: its links name only records its picker offers a visitor (VISITOR). */
  submitFormWithLinks(tableKey: string, viewKey: string, body: unknown, links: FormLink[], actor: auditApi.Actor) {
    return this.#inserting(
      tableKey,
      "insert",
      () => submitWithLinks(this.store, tableKey, viewKey, body, links, actor, VISITOR),
      (res) => this.#keysOf(tableKey, [res.row]),
      (res) => [
        { type: "row", op: "insert", tableId: this.#tableId(tableKey), row: res.row, by: actor },
        ...res.relatedTableIds.map((id) => this.#rows(id, actor)),
      ],
    );
  }
  /** A write that makes rows: its hooks read the new rows' keys from the answer. */
  #inserting<T>(tableKey: string, op: HookOperation, write: () => T, keys: (data: T) => number[], event: Event<T>) {
    return this.changes.write(() => this.hooks.hooked(tableKey, op, write, keys), event);
  }

  /** An update or delete: its hooks read the named rows before the write, and the same keys after. */
  #changing<T>(tableKey: string, op: HookOperation, write: () => T, keys: () => number[], event: Event<T>) {
    return this.changes.write(() => this.hooks.hooked(tableKey, op, write, (_d, pre) => pre, keys), event);
  }

  /** A delete: the uploads its rows named are scheduled for removal once it commits. */
  #deleting<T>(
    tableKey: string,
    op: HookOperation,
    write: (files: FileSink) => T,
    keys: () => number[],
    event: Event<T>,
  ) {
    const files: FileSink = [];
    return this.files.removing(
      this.#changing(tableKey, op, () => write(files), keys, event),
      files,
    );
  }

  updateWhere(tableKey: string, where: string | undefined, body: unknown, actor: auditApi.Actor) {
    return this.files.keeping(
      this.#changing(
        tableKey,
        "bulkUpdate",
        () => rowsApi.updateWhere(this.store, tableKey, where, body, actor),
        () => this.#whereIds(tableKey, where, actor.id || null),
        () => this.#rows(tableKey, actor),
      ),
      body,
    );
  }
  deleteWhere(tableKey: string, where: string | undefined, actor: auditApi.Actor) {
    return this.#deleting(
      tableKey,
      "bulkDelete",
      (files) => rowsApi.deleteWhere(this.store, tableKey, where, actor, files),
      () => this.#whereIds(tableKey, where, actor.id || null),
      () => this.#rows(tableKey, actor),
    );
  }
  insertRow(tableKey: string, body: unknown, actor: auditApi.Actor) {
    return this.files.keeping(
      this.#inserting(
        tableKey,
        "insert",
        () => rowsApi.insertOne(this.store, tableKey, body, actor),
        (row) => this.#keysOf(tableKey, [row]),
        (row) => ({ type: "row", op: "insert", tableId: this.#tableId(tableKey), row, by: actor }),
      ),
      body,
    );
  }
  insertRows(tableKey: string, bodies: unknown[] | string, actor: auditApi.Actor) {
    return this.files.keeping(
      this.#inserting(
        tableKey,
        "bulkInsert",
        () => rowsApi.insertMany(this.store, tableKey, bodies, actor),
        (ids) => ids.map((r) => Number(Object.values(r)[0])),
        () => this.#rows(tableKey, actor),
      ),
      bodies,
    );
  }
  updateRow(tableKey: string, rowId: string, body: unknown, actor: auditApi.Actor) {
    return this.files.keeping(
      this.#changing(
        tableKey,
        "update",
        () => rowsApi.updateOne(this.store, tableKey, rowId, body, actor),
        () => [rowKey(rowId)],
        (row) => ({
          type: "row",
          op: "update",
          tableId: this.#tableId(tableKey),
          row,
          changed: Object.keys((body ?? {}) as object),
          by: actor,
        }),
      ),
      body,
    );
  }
  updateRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    return this.files.keeping(
      this.#changing(
        tableKey,
        "bulkUpdate",
        () => rowsApi.updateMany(this.store, tableKey, bodies, actor),
        () => this.#keysOf(tableKey, bodies),
        () => this.#rows(tableKey, actor),
      ),
      bodies,
    );
  }
  deleteRow(tableKey: string, rowId: string, actor: auditApi.Actor) {
    return this.#deleting(
      tableKey,
      "delete",
      (files) => rowsApi.deleteOne(this.store, tableKey, rowId, actor, files),
      () => [rowKey(rowId)],
      () => ({ type: "row", op: "delete", tableId: this.#tableId(tableKey), rowId, by: actor }),
    );
  }
  deleteRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    return this.#deleting(
      tableKey,
      "bulkDelete",
      (files) => rowsApi.deleteMany(this.store, tableKey, bodies, actor, files),
      () => this.#keysOf(tableKey, bodies),
      () => this.#rows(tableKey, actor),
    );
  }
  setLink(tableKey: string, rowId: string, columnKey: string, refRowId: string, add: boolean, actor: auditApi.Actor) {
    // Both sides show the link: tabs on either table refetch.
    return this.changes.write(
      () => linksApi.setLink(this.store, tableKey, rowId, columnKey, refRowId, add, actor),
      (res) => [this.#rows(tableKey, actor), this.#rows(res.relatedTableId, actor)],
    );
  }
}
