/**
 * The import template (SPEC 3): tables, each with table_name, ref_table_name (the sheet or file
 * name as found) and columns; each column has column_name (the cleaned, unique title),
 * ref_column_name (the header as found), uidt, path (the JSON key path) and meta.date_format.
 * A template table becomes the table-create body of API-CONTRACT 4.2 / 4.3.
 */
import type { UIType } from "../fields/types";
import type { Cell } from "./cells";
import { detectColumn, type ColumnSettings } from "./detect";
import { columnNames } from "./names";

export interface TemplateColumn extends ColumnSettings {
  column_name: string;
  ref_column_name: string;
  uidt: UIType;
  /** Key path of a JSON value (["a", "b"] for `a.b`); the position for other sources. */
  path: string[];
}

export interface TemplateTable {
  table_name: string;
  ref_table_name: string;
  columns: TemplateColumn[];
}

export interface ImportTemplate {
  tables: TemplateTable[];
}

/** A template table from headers and a sample of rows: names cleaned, types detected. */
export function templateTable(
  tableName: string,
  refTableName: string,
  headers: ReadonlyArray<string | null | undefined>,
  sample: ReadonlyArray<readonly Cell[]>,
  jsonPaths = false,
): TemplateTable {
  const names = columnNames(headers);
  return {
    table_name: tableName,
    ref_table_name: refTableName,
    columns: names.map((name, i) => ({
      column_name: name,
      ref_column_name: headers[i] ?? "",
      path: jsonPaths ? String(headers[i] ?? "").split(".") : [String(i)],
      ...detectColumn(sample.map((row) => row[i] ?? null)),
    })),
  };
}

export type CreateColumnBody = {
  title: string;
  column_name: string;
  uidt: UIType;
  meta?: Record<string, unknown>;
  colOptions?: { options: Array<{ title: string }> };
};

/** One column of the table-create body (API-CONTRACT 4.2), titled as named; settings only when set. */
export function createColumnBody(c: { column_name: string; uidt: UIType } & ColumnSettings): CreateColumnBody {
  return {
    title: c.column_name,
    column_name: c.column_name,
    uidt: c.uidt,
    ...(c.meta ? { meta: c.meta } : {}),
    ...(c.colOptions ? { colOptions: c.colOptions } : {}),
  };
}

/** The table-create body (API-CONTRACT 4.2): the columns as titled in the template. */
export function createTableBody(table: Pick<TemplateTable, "table_name" | "columns">) {
  return { table_name: table.table_name, title: table.table_name, columns: table.columns.map(createColumnBody) };
}
