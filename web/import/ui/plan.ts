/**
 * The preview's editable plan for new tables. Rules:
 * - every source table starts included, named after its sheet (spreadsheets) or the file (CSV,
 *   JSON), cleaned and unique
 *   among the project's tables; its columns are named and typed by db/import (template.ts);
 * - a column's type can be any stored type, in SPEC 3 order; picking one recomputes its settings
 *   (select options, date format, precision) from the sample;
 * - checks: table name rules (SPEC 5, also unique among the included tables), at least one
 *   included column, column names non-blank and unique (the system columns count as taken).
 */
import { cellText, type Cell } from "../../../db/import/cells";
import { columnSettings, type ColumnSettings } from "../../../db/import/detect";
import { SYSTEM_COLUMN_TITLES, fileTableName, sheetNames } from "../../../db/import/names";
import { createColumnBody, templateTable } from "../../../db/import/template";
import { IMPORT_TYPES } from "../../../db/fields/registry";
import type { UIType } from "../../../db/fields/types";
import { tableNameError, type TableNameError } from "../../lib/table-name";
import type { PlannedColumn } from "../import-job";
import type { PreviewTable, SourcePreview } from "../protocol";

export { IMPORT_TYPES };

export interface ColumnPlan extends ColumnSettings {
  source: number;
  header: string;
  name: string;
  uidt: UIType;
  include: boolean;
}

export interface TablePlan {
  source: number;
  ref: string;
  include: boolean;
  name: string;
  columns: ColumnPlan[];
  totalRows: number | null;
  sample: Cell[][];
}

/** `bySheet`: name the tables after their sheets (spreadsheets), else after the file. */
export function initialPlan(
  preview: SourcePreview,
  fileName: string,
  existingTables: readonly string[],
  bySheet = false,
): TablePlan[] {
  const multi = bySheet || preview.tables.length > 1;
  const names = multi
    ? sheetNames(
        preview.tables.map((t) => t.ref),
        existingTables,
      )
    : [fileTableName(fileName, existingTables)];
  return preview.tables.map((t: PreviewTable, i) => {
    const template = templateTable(names[i]!, t.ref, t.headers, t.sample);
    return {
      source: i,
      ref: t.ref,
      include: true,
      name: template.table_name,
      totalRows: t.totalRows,
      sample: t.sample,
      columns: template.columns.map((c, j) => ({
        source: j,
        header: c.ref_column_name,
        name: c.column_name,
        uidt: c.uidt,
        include: true,
        ...(c.meta ? { meta: c.meta } : {}),
        ...(c.colOptions ? { colOptions: c.colOptions } : {}),
      })),
    };
  });
}

export const sampleColumn = (table: TablePlan, source: number) => table.sample.map((row) => row[source] ?? null);

/** First few non-blank sample values of a column, as text (the preview's hint). */
export function sampleTexts(table: TablePlan, source: number, n = 3): string[] {
  return sampleColumn(table, source)
    .map((c) => cellText(c, true))
    .filter((t) => t.trim() !== "")
    .slice(0, n);
}

export function withType(table: TablePlan, source: number, uidt: UIType): ColumnPlan[] {
  return table.columns.map((c) =>
    c.source === source
      ? {
          source,
          header: c.header,
          name: c.name,
          include: c.include,
          uidt,
          ...columnSettings(uidt, sampleColumn(table, source)),
        }
      : c,
  );
}

export type ColumnProblem = "required" | "duplicate";

export function columnProblem(table: TablePlan, column: ColumnPlan): ColumnProblem | null {
  if (!column.include) return null;
  if (column.name.trim() === "") return "required";
  const lower = column.name.trim().toLowerCase();
  const clash =
    (SYSTEM_COLUMN_TITLES as readonly string[]).some((s) => s.toLowerCase() === lower) ||
    table.columns.some((c) => c !== column && c.include && c.name.trim().toLowerCase() === lower);
  return clash ? "duplicate" : null;
}

export function tableProblem(
  plans: readonly TablePlan[],
  table: TablePlan,
  existingTables: readonly string[],
): TableNameError | null {
  const others = [...existingTables, ...plans.filter((p) => p !== table && p.include).map((p) => p.name)];
  return tableNameError(table.name, others);
}

/** Whether the plan can be imported: something included, and no problem anywhere. */
export function planReady(plans: readonly TablePlan[], existingTables: readonly string[]): boolean {
  const included = plans.filter((p) => p.include);
  return (
    included.length > 0 &&
    included.every(
      (p) =>
        !tableProblem(plans, p, existingTables) &&
        p.columns.some((c) => c.include) &&
        p.columns.every((c) => !columnProblem(p, c)),
    )
  );
}

/** The included columns as the job creates them. */
export function plannedColumns(table: TablePlan): PlannedColumn[] {
  return table.columns
    .filter((c) => c.include)
    .map((c) => ({ source: c.source, ...createColumnBody({ ...c, column_name: c.name.trim() }) }));
}
