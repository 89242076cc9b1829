import type { Reader } from "../access/reader";
import { readingAs } from "../access/narrow";
import * as rowsApi from "../rows/api";
import type { Actor } from "../rows/audit";
import { exportCsv } from "../rows/export";
import type { FileSink } from "../rows/files";
import * as linksApi from "../rows/links";
import * as readApi from "../rows/read";
import { aggregate } from "../rows/aggregate";
import { fieldAggregates } from "../rows/field-aggregates";
import { tableRef } from "../rows/table-ref";
import type { ProjectStore } from "../store/store";
import { feedText } from "../views/calendar/feed";
import { timelineOf, timelineRows } from "../views/timeline/range";
import { submitForm } from "../views/form/submit";
import { groupedList } from "../views/kanban/group";
import type { ReadRequest, RowChange } from "./requests";
import { sharedSubmission, submitShared } from "./shared-form";
import { viewOfTable } from "../views/lookup";
import { VIEW_TYPE } from "../views/types";
import { submitWithLinks } from "../rows/submit-with-links";
import type { TableSource } from "./source";

/**
 * The project's own tables (its SQLite, db/rows): every answer is synchronous, so a write and the
 * read of its answer fit in one transaction of the room (realtime/write-pipeline.ts).
 */
export class NativeSource implements TableSource {
  constructor(
    private readonly store: ProjectStore,
    /** Exact row counts per table and filter (the room's); the write pipeline empties it. */
    private readonly counts: readApi.CountCache,
  ) {}

  /**
   * Runs fn reading as `reader`. The one place a data request sets the store's reader: db/rows and
   * db/access read it from the store deep down (tableRef narrows every table the request touches,
   * related ones included), so it is set for exactly the synchronous call and restored after.
   */
  as<T>(reader: Reader | null, fn: () => T): T {
    return readingAs(this.store, reader, fn);
  }

  read(req: ReadRequest, reader: Reader | null): unknown {
    return this.as(reader, () => this.#read(req));
  }

  #read(req: ReadRequest): unknown {
    const s = this.store;
    switch (req.op) {
      case "list":
        return readApi.listRows(s, req.table, req.params, this.counts, req.scope, req.linkCounts);
      case "count":
        return readApi.countRows(s, req.table, req.where, this.counts, req.scope, req.linkCounts);
      case "fieldAggregates":
        return fieldAggregates(s, req.table, req.aggregations, req.where, req.scope, req.keyedBy, req.linkCounts);
      case "find":
        return readApi.findOne(s, req.table, req.params, req.scope);
      case "groupBy":
        return readApi.groupBy(
          s,
          req.table,
          req.column,
          req.params,
          req.scope,
          req.measures,
          req.bucket,
          req.aggregations,
        );
      case "grouped":
        return groupedList(s, req.table, req.columnId, req.params, req.scope, req.optionsArrJson);
      case "export":
        return exportCsv(s, req.table, req.params, req.scope, req.origin);
      case "nested":
        return linksApi.nestedList(s, req.table, req.rowId, req.column, req.params, req.linked);
      case "one":
        return rowsApi.readOne(s, req.table, req.rowId, req.linkCounts);
      case "exists":
        return rowsApi.exists(s, req.table, req.rowId);
      case "calendarFeed":
        return feedText(s, req.viewId, req.hash);
      case "aggregate":
        return aggregate(s, req.table, req.spec, req.scope, req.where);
      case "timeline": {
        const { settings, cols } = timelineOf(s, tableRef(s, req.table).model.id, req.view);
        const scope = { ...req.scope, view: req.view };
        return timelineRows(settings, cols, req, req.params, scope, (params, sc) =>
          readApi.listRows(s, req.table, params, this.counts, sc),
        );
      }
    }
  }

  write(change: RowChange, actor: Actor, reader: Reader | null, files: FileSink): unknown {
    return this.as(reader, () => this.#write(change, actor, files));
  }

  #write(change: RowChange, actor: Actor, files: FileSink): unknown {
    const s = this.store;
    switch (change.op) {
      case "insert":
        return rowsApi.insertOne(s, change.table, change.body, actor);
      case "insertMany":
        return rowsApi.insertMany(s, change.table, change.bodies, actor);
      case "update":
        return rowsApi.updateOne(s, change.table, change.rowId, change.body, actor, change.note);
      case "updateMany":
        return rowsApi.updateMany(s, change.table, change.bodies, actor);
      case "updateWhere":
        return rowsApi.updateWhere(s, change.table, change.where, change.body, actor);
      case "delete":
        return rowsApi.deleteOne(s, change.table, change.rowId, actor, files);
      case "deleteMany":
        return rowsApi.deleteMany(s, change.table, change.bodies, actor, files);
      case "deleteWhere":
        return rowsApi.deleteWhere(s, change.table, change.where, actor, files);
      case "link":
        return linksApi.setLink(s, change.table, change.rowId, change.column, change.refRowId, change.add, actor);
      case "links":
        return linksApi.setLinks(s, change.table, change.rowId, change.column, change.refRowIds, change.add, actor);
      case "formSubmit": {
        // Through a form: its link answers as the shared form sends them (the builder's preview
        // asks them with a picker too), set with the record; offered are the records the caller
        // itself may read. Through another view, a record as before.
        const modelId = tableRef(s, change.table).model.id;
        if (viewOfTable(s, modelId, change.view).type !== VIEW_TYPE.form)
          return submitForm(s, change.table, change.view, change.body, actor);
        const { record, links } = sharedSubmission(s, change.table, change.view, change.body);
        return submitWithLinks(s, change.table, change.view, record, links, actor, s.reader ?? null);
      }
      case "sharedFormSubmit":
        return submitShared(s, change.table, change.view, change.body, actor);
    }
  }

  tableId(table: string): string {
    return tableRef(this.store, table).model.id;
  }

  /** Ids of the rows `where` matches as `reader` reads them: the keys a bulk change's webhooks name. */
  whereIds(table: string, where: string | undefined, me: string | null): number[] {
    return rowsApi.matchingIds(this.store, tableRef(this.store, table), where, me);
  }

  /** Row keys named by bodies or rows (by the key column's title or name); others are skipped. */
  keysOf(table: string, rows: unknown[]): number[] {
    const pk = tableRef(this.store, table).cols.find((c) => c.pk)!;
    return rows.flatMap((b) => {
      const r = (b ?? {}) as Record<string, unknown>;
      const id = Number(r[pk.title] ?? r[pk.columnName]);
      return Number.isSafeInteger(id) && id > 0 ? [id] : [];
    });
  }
}
