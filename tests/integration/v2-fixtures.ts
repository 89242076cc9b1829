import { expect } from "vitest";
import { shapeProblems, type ShapeOptions } from "../support/nocodb-v2-shape";

import aggregate from "../support/nocodb-v2-fixtures/aggregate.json";
import aggregate_where from "../support/nocodb-v2-fixtures/aggregate-where.json";
import bulk_datalist from "../support/nocodb-v2-fixtures/bulk-datalist.json";
import bulk_group from "../support/nocodb-v2-fixtures/bulk-group.json";
import base_create from "../support/nocodb-v2-fixtures/base-create.json";
import base_delete from "../support/nocodb-v2-fixtures/base-delete.json";
import base_list from "../support/nocodb-v2-fixtures/base-list.json";
import base_read from "../support/nocodb-v2-fixtures/base-read.json";
import base_update from "../support/nocodb-v2-fixtures/base-update.json";
import column_create from "../support/nocodb-v2-fixtures/column-create.json";
import column_create_links from "../support/nocodb-v2-fixtures/column-create-links.json";
import column_delete from "../support/nocodb-v2-fixtures/column-delete.json";
import column_update from "../support/nocodb-v2-fixtures/column-update.json";
import error_bad_where from "../support/nocodb-v2-fixtures/error-bad-where.json";
import error_no_auth from "../support/nocodb-v2-fixtures/error-no-auth.json";
import error_unknown_record from "../support/nocodb-v2-fixtures/error-unknown-record.json";
import error_unknown_table from "../support/nocodb-v2-fixtures/error-unknown-table.json";
import filter_create from "../support/nocodb-v2-fixtures/filter-create.json";
import filter_list from "../support/nocodb-v2-fixtures/filter-list.json";
import links_add from "../support/nocodb-v2-fixtures/links-add.json";
import links_add_one from "../support/nocodb-v2-fixtures/links-add-one.json";
import links_list from "../support/nocodb-v2-fixtures/links-list.json";
import links_remove from "../support/nocodb-v2-fixtures/links-remove.json";
import records_count from "../support/nocodb-v2-fixtures/records-count.json";
import records_create_bulk from "../support/nocodb-v2-fixtures/records-create-bulk.json";
import records_create_one from "../support/nocodb-v2-fixtures/records-create-one.json";
import records_delete from "../support/nocodb-v2-fixtures/records-delete.json";
import records_delete_bulk from "../support/nocodb-v2-fixtures/records-delete-bulk.json";
import records_list from "../support/nocodb-v2-fixtures/records-list.json";
import records_list_after_links from "../support/nocodb-v2-fixtures/records-list-after-links.json";
import records_list_query from "../support/nocodb-v2-fixtures/records-list-query.json";
import records_list_view from "../support/nocodb-v2-fixtures/records-list-view.json";
import records_read from "../support/nocodb-v2-fixtures/records-read.json";
import records_read_fields from "../support/nocodb-v2-fixtures/records-read-fields.json";
import records_update from "../support/nocodb-v2-fixtures/records-update.json";
import records_update_bulk from "../support/nocodb-v2-fixtures/records-update-bulk.json";
import sort_create from "../support/nocodb-v2-fixtures/sort-create.json";
import sort_list from "../support/nocodb-v2-fixtures/sort-list.json";
import table_create from "../support/nocodb-v2-fixtures/table-create.json";
import table_delete from "../support/nocodb-v2-fixtures/table-delete.json";
import table_list from "../support/nocodb-v2-fixtures/table-list.json";
import table_read from "../support/nocodb-v2-fixtures/table-read.json";
import table_update from "../support/nocodb-v2-fixtures/table-update.json";
import views_list from "../support/nocodb-v2-fixtures/views-list.json";

/** NocoDB 0.301.3's recorded answers (tests/support/record-nocodb-v2.mjs), by fixture name. */
const FIXTURES: Record<string, { status: number; body: unknown }> = {
  aggregate: aggregate,
  "aggregate-where": aggregate_where,
  "bulk-datalist": bulk_datalist,
  "bulk-group": bulk_group,
  "base-create": base_create,
  "base-delete": base_delete,
  "base-list": base_list,
  "base-read": base_read,
  "base-update": base_update,
  "column-create": column_create,
  "column-create-links": column_create_links,
  "column-delete": column_delete,
  "column-update": column_update,
  "error-bad-where": error_bad_where,
  "error-no-auth": error_no_auth,
  "error-unknown-record": error_unknown_record,
  "error-unknown-table": error_unknown_table,
  "filter-create": filter_create,
  "filter-list": filter_list,
  "links-add": links_add,
  "links-add-one": links_add_one,
  "links-list": links_list,
  "links-remove": links_remove,
  "records-count": records_count,
  "records-create-bulk": records_create_bulk,
  "records-create-one": records_create_one,
  "records-delete": records_delete,
  "records-delete-bulk": records_delete_bulk,
  "records-list": records_list,
  "records-list-after-links": records_list_after_links,
  "records-list-query": records_list_query,
  "records-list-view": records_list_view,
  "records-read": records_read,
  "records-read-fields": records_read_fields,
  "records-update": records_update,
  "records-update-bulk": records_update_bulk,
  "sort-create": sort_create,
  "sort-list": sort_list,
  "table-create": table_create,
  "table-delete": table_delete,
  "table-list": table_list,
  "table-read": table_read,
  "table-update": table_update,
  "views-list": views_list,
};

export function peer(name: string): { status: number; body: unknown } {
  const found = FIXTURES[name];
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
}

/** Our answer has the peer's status and every key of its body with the same value types. */
export function expectPeerShape(name: string, ours: { status: number; body: unknown }, opts: ShapeOptions = {}): void {
  const theirs = peer(name);
  expect(ours.status, `${name}: ${JSON.stringify(ours.body)}`).toBe(theirs.status);
  expect(shapeProblems(theirs.body, ours.body, opts), name).toEqual([]);
}
