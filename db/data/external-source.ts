import type { Reader } from "../access/reader";
import { bad, unsupported } from "../errors";
import { VISITOR } from "../access/reader";
import { submitForm, submitFormWithLinks } from "../external/form-submit";
import { groupedList } from "../external/grouped-list";
import { sharedSubmission } from "./shared-form";
import * as ext from "../external/rows";
import * as extLinks from "../external/link-rows";
import { aggregate } from "../external/aggregate";
import { fieldAggregates } from "../external/field-aggregates";
import { exportCsv } from "../external/export";
import { extTable } from "../external/table";
import { timelineOf, timelineRows } from "../views/timeline/range";
import type { Actor } from "../rows/audit";
import type { ReadRequest, RowChange } from "./requests";
import type { TableSource } from "./source";

/** The connection a request runs on: the project's meta and the database's driver (db/external). */
export type ExternalConn = Omit<ext.ExtCtx, "reader" | "by">;

/**
 * A project's external database (db/external/rows.ts), one connection per request (the room
 * opens it and reopens a dropped one: realtime/room-external.ts). Who reads goes into every call's
 * context (`reader`), who writes into the writes' (`by`): nothing is read from shared state.
 */
export class ExternalSource implements TableSource {
  constructor(private readonly conn: ExternalConn) {}

  read(req: ReadRequest, reader: Reader | null): Promise<unknown> {
    const x: ext.ExtCtx = { ...this.conn, reader };
    switch (req.op) {
      case "list":
        // Keyset pages follow SQLite's NULL order and collation (db/query/keyset.ts); an external
        // database pages by offset.
        if (req.params.cursor)
          return Promise.reject(bad("Tables on external databases page by offset: start again without the cursor"));
        return ext.listRows(x, req.table, req.params, req.scope, req.linkCounts);
      case "count":
        return ext.countRows(x, req.table, req.where, req.scope, req.linkCounts);
      case "fieldAggregates":
        return fieldAggregates(x, req.table, req.aggregations, req.where, req.scope, req.keyedBy, req.linkCounts);
      case "find":
        return ext.findOne(x, req.table, req.params, req.scope);
      case "groupBy":
        return ext.groupBy(x, req.table, req.column, req.params, req.scope, req.measures, req.bucket, req.aggregations);
      case "grouped":
        return groupedList(x, req.table, req.columnId, req.params, req.scope, req.optionsArrJson);
      case "export":
        return exportCsv(x, req.table, req.params, req.scope, req.origin);
      case "nested":
        return extLinks.nestedList(x, req.table, req.rowId, req.column, req.params, req.linked);
      case "one":
        return ext.readRow(x, req.table, req.rowId, req.linkCounts);
      case "exists":
        return ext.rowExists(x, req.table, req.rowId);
      case "aggregate":
        return aggregate(x, req.table, req.spec, req.scope, req.where);
      case "timeline": {
        const { settings, cols } = timelineOf(this.conn.store, this.tableId(req.table), req.view);
        const scope = { ...req.scope, view: req.view };
        return Promise.resolve().then(() =>
          timelineRows(settings, cols, req, req.params, scope, (params, sc) => ext.listRows(x, req.table, params, sc)),
        );
      }
      case "calendarFeed":
        // The feed reads the project's own tables; a project on an external database has none here.
        throw unsupported("Calendar feeds of tables on external databases are not supported");
    }
  }

  write(change: RowChange, actor: Actor, reader: Reader | null): Promise<unknown> {
    const x: ext.ExtCtx = { ...this.conn, reader };
    const by: ext.ExtCtx = { ...x, by: actor };
    switch (change.op) {
      case "insert":
        return ext.insertOne(by, change.table, change.body);
      case "insertMany":
        return ext.insertMany(by, change.table, change.bodies);
      case "update":
        return ext.updateOne(by, change.table, change.rowId, change.body);
      case "updateMany":
        return ext.updateMany(by, change.table, change.bodies);
      case "updateWhere":
        return ext.updateWhere(by, change.table, change.where, change.body);
      case "delete":
        return ext.deleteOne(x, change.table, change.rowId);
      case "deleteMany":
        return ext.deleteMany(x, change.table, change.bodies);
      case "deleteWhere":
        return ext.deleteWhere(x, change.table, change.where);
      case "link":
        return extLinks.setLink(x, change.table, change.rowId, change.column, change.refRowId, change.add);
      case "links":
        return extLinks.setLinks(x, change.table, change.rowId, change.column, change.refRowIds, change.add);
      case "formSubmit":
        return submitForm(by, change.table, change.view, change.body, actor);
      case "sharedFormSubmit": {
        const { record, links } = sharedSubmission(this.conn.store, change.table, change.view, change.body);
        return submitFormWithLinks(by, change.table, change.view, record, links, actor, VISITOR);
      }
    }
  }

  tableId(table: string): string {
    return extTable(this.conn.store, table).ref.model.id;
  }
}
