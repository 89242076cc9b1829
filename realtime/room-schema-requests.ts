import { metaFor } from "../db/access/meta";
import { schemaStamp } from "./room-stamps";
import * as accessApi from "../db/access/rules";
import { fullTableRef } from "../db/rows/table-ref";
import * as columnsApi from "../db/schema/columns";
import { schemaRequest, type SchemaRequest } from "../db/schema/requests";
import * as tablesApi from "../db/schema/tables";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import { guard } from "./room-guard";
import { withIds } from "./room-ids";
import type { MetaRoom } from "./room-meta";
import { readColumn, type SchemaWrites } from "./room-schema";
import type { ExternalSchemaWrites } from "./room-schema-source";

/**
 * The room as schema requests need it: the meta, and the schema writes of the project's own
 * tables (`own`: access rules and the rest live there for both) or of its external database,
 * whichever it has (`writes`, picked in room-schema-source.ts).
 */
export type SchemaRoom = MetaRoom & {
  readonly own: SchemaWrites;
  writes(): SchemaWrites | ExternalSchemaWrites;
};

/** The room's schema requests (db/schema/requests.ts) to the schema writes or db/schema reads. */
const handlers = {
  listTables: (r, q) => {
    const result = guard(() => tablesApi.listTables(r.store, q.projectId, q.includeM2M));
    // Heals an index row lost between a commit and its D1 write (one write per project open).
    return withIds(r.store, result, result.ok ? result.data.map((t) => t.id) : []);
  },
  // Emptied with the schema cache, i.e. by any change to tables, fields, views or their settings.
  schemaStamp: (r) => ({ ok: true as const, data: schemaStamp(r.store) }),
  readTable: (r, q) =>
    guard(() => metaFor(r.store, tablesApi.readTable(r.store, q.projectId, q.tableId), q.reader ?? null)),
  createTable: (r, q) => r.writes().createTable(q.projectId, q.input),
  updateTable: (r, q) => r.writes().updateTable(q.tableId, q.input),
  reorderTable: (r, q) => r.schemaChange(() => tablesApi.reorderTable(r.store, q.tableId, q.order)),
  deleteTable: (r, q) => r.writes().deleteTable(q.tableId, q.actor ?? null),
  readColumn: (r, q) => readColumn(r, q.projectId, q.columnId, q.reader),
  addColumn: (r, q) => r.writes().addColumn(q.projectId, q.tableId, q.input, q.hiddenIn ?? []),
  updateColumn: (r, q) => r.writes().updateColumn(q.projectId, q.columnId, q.input),
  deleteColumn: (r, q) => r.writes().deleteColumn(q.projectId, q.columnId, q.actor ?? null),
  // A change to access empties every cached table ref (a schema change, SchemaWrites.saveAccess).
  readAccess: (r, q) => guard(() => accessApi.accessJson(r.store, fullTableRef(r.store, q.tableId).model.id)),
  saveAccess: (r, q) => r.own.saveAccess(q.tableId, q.input),
  setPrimaryColumn: (r, q) => r.schemaChange(() => columnsApi.setPrimary(r.store, q.columnId)),
} satisfies Handlers<SchemaRoom, SchemaRequest>;

/** What each schema request answers (functions/lib/room.ts types the Worker's calls with it). */
export type SchemaAnswers = Answers<typeof handlers>;

export function schemaRequestIn<R extends SchemaRequest>(room: SchemaRoom, req: R) {
  return dispatch(schemaRequest, handlers, room, req);
}
