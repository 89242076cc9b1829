import * as extSchema from "../db/external/schema-ops";
import type * as columnsApi from "../db/schema/columns";
import * as tablesApi from "../db/schema/tables";
import type { RoomSource } from "./room-external";
import type { SchemaWrites } from "./room-schema";

/**
 * Schema changes on the project's external database: DDL there, then its meta read again, every
 * tab told (RoomSource.schema). The same calls as SchemaWrites, the project's own tables'.
 */
export class ExternalSchemaWrites {
  constructor(private readonly source: RoomSource) {}

  createTable(projectId: string, input: tablesApi.CreateTableInput) {
    return this.source.schema((x) => extSchema.createTable(x, projectId, input));
  }
  // The database's table is renamed; its title and meta are the app's own.
  updateTable(tableId: string, input: Parameters<typeof tablesApi.updateTable>[2]) {
    return this.source.schema(async (x) => {
      await extSchema.updateTable(x, tableId, input);
      if (input.title !== undefined || input.meta) tablesApi.updateTable(x.store, tableId, input);
    });
  }
  // External databases' schema deletes are not kept in the trash (issue 35): the DDL runs there,
  // where the room cannot rename aside; `actor` is the native writes' (room-schema.ts).
  deleteTable(tableId: string, _actor?: unknown) {
    return this.source.schema((x) => extSchema.deleteTable(x, tableId));
  }
  // As on the project's own tables (issue 42): the new field starts hidden in `hiddenIn`, the
  // views with a public link.
  addColumn(
    projectId: string,
    tableId: string,
    input: Parameters<typeof columnsApi.addColumn>[3],
    hiddenIn: readonly string[] = [],
  ) {
    return this.source.schema((x) => extSchema.addColumn(x, projectId, tableId, input), hiddenIn);
  }
  updateColumn(projectId: string, columnId: string, input: Parameters<typeof columnsApi.updateColumn>[3]) {
    return this.source.schema((x) => extSchema.updateColumn(x, projectId, columnId, input));
  }
  deleteColumn(projectId: string, columnId: string, _actor?: unknown) {
    return this.source.schema((x) => extSchema.deleteColumn(x, projectId, columnId));
  }
}

/**
 * The one place the room's schema changes choose their database: the external one when the
 * project has it, else its own tables. The source row is read once per start of the room and
 * again after a database is attached (RoomSource.row).
 */
export function schemaWritesOf(source: RoomSource, native: SchemaWrites, external: ExternalSchemaWrites) {
  return source.row ? external : native;
}
