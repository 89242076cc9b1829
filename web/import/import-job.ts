/**
 * One table's import, start to end. Rules:
 * - into a NEW table: the table is created with the planned columns, rows stream in, select
 *   options met after the sample are added to their column before the batch that needs them;
 *   when the import fails or is cancelled the table is deleted again (no half-made table);
 * - into an EXISTING table: mapped columns only, the required check on every row, no schema
 *   change; on failure or cancel the report tells which rows were kept and which failed;
 * - either way, a file larger than the room the project has left (its database's limit less what
 *   it holds) is refused before anything is made or sent: its rows take about as many bytes
 *   stored as they take in the file, so it would stop part-way (README "Room for the size").
 *   When the usage cannot be read, the server's own check before each batch stands.
 */
import { isRequiredWithoutDefault, type ImportColumn } from "../../db/import/rows";
import { sizeText } from "../../db/limits";
import type { CreateColumnBody } from "../../db/import/template";
import type { Column, SelectOption, TableMeta } from "../api/types";
import { INSERT_BATCH_ROWS, INSERT_CONCURRENCY } from "./config";
import type { ImportApi } from "./import-api";
import { reportOk, runImport, type ImportReport, type InsertSink, type Progress } from "./pipeline/run-import";
import type { Batch } from "./protocol";
import type { ImportWorker } from "./worker-client";

export interface JobDeps {
  api: ImportApi;
  worker: Pick<ImportWorker, "start" | "pull">;
  projectId: string;
  /** The source file's size in bytes, checked against the project's room left. */
  sourceBytes?: number;
  signal?: AbortSignal;
  onProgress?(progress: Progress): void;
}

export interface JobOutcome {
  table: TableMeta;
  report: ImportReport;
  /** The new table was deleted because the import did not finish. */
  removed: boolean;
}

export interface PlannedColumn extends CreateColumnBody {
  source: number;
}

/** A column's settings as the field types read them: meta merged with colOptions. */
export const settingsOf = (c: Pick<Column, "meta" | "colOptions">) => ({ ...(c.meta ?? {}), ...(c.colOptions ?? {}) });

const run = (deps: JobDeps, sink: InsertSink) =>
  runImport(deps.worker, sink, {
    batchRows: INSERT_BATCH_ROWS,
    concurrency: INSERT_CONCURRENCY,
    signal: deps.signal,
    onProgress: deps.onProgress,
  });

/** The refusal of a file larger than the room left (its English is server.importNoRoom in en.json). */
export const importNoRoom = (need: number, left: number) =>
  `This file needs about ${sizeText(need)}, and the project has room for about ${sizeText(left)} more. Nothing was imported; delete records or empty the trash, or import into another project`;

async function checkRoom(deps: JobDeps) {
  if (!deps.sourceBytes) return;
  const usage = await deps.api.usage(deps.projectId).catch(() => null);
  if (!usage) return;
  const left = usage.database_limit_bytes - usage.database_bytes;
  if (deps.sourceBytes > left) throw new Error(importNoRoom(deps.sourceBytes, left));
}

/** Adds the batch's new select options to their columns, keeping the ids the server gave. */
function optionGrower(deps: JobDeps, table: TableMeta) {
  const columns = new Map(table.columns.map((c) => [c.title, c]));
  return async (batch: Batch) => {
    for (const [title, added] of Object.entries(batch.newOptions)) {
      const col = columns.get(title);
      if (!col) continue;
      const options: SelectOption[] = [...(col.colOptions?.options ?? []), ...added.map((t) => ({ title: t }))];
      const next = await deps.api.updateColumn(col.id, { title: col.title, uidt: col.uidt, colOptions: { options } });
      const updated = next.columns.find((c) => c.id === col.id);
      columns.set(title, updated ?? { ...col, colOptions: { ...col.colOptions, options } });
    }
  };
}

export async function importNewTable(
  deps: JobDeps,
  sourceTable: number,
  tableName: string,
  planned: readonly PlannedColumn[],
): Promise<JobOutcome> {
  await checkRoom(deps);
  const table = await deps.api.createTable(deps.projectId, {
    table_name: tableName,
    title: tableName,
    columns: planned.map(({ source: _source, ...column }) => column),
  });
  let report: ImportReport;
  try {
    const byTitle = new Map(table.columns.map((c) => [c.title, c]));
    const columns: ImportColumn[] = planned.map((p) => {
      const made = byTitle.get(p.title);
      return {
        source: p.source,
        title: p.title,
        uidt: p.uidt,
        settings: made ? settingsOf(made) : { ...p.meta, ...p.colOptions },
      };
    });
    await deps.worker.start({ table: sourceTable, columns, growSelects: true });
    report = await run(deps, {
      prepare: optionGrower(deps, table),
      insert: async (rows) => void (await deps.api.bulkInsert(deps.projectId, table.id, rows)),
    });
  } catch (err) {
    await deps.api.deleteTable(table.id).catch(() => undefined);
    throw err;
  }
  if (reportOk(report)) return { table, report, removed: false };
  const removed = await deps.api.deleteTable(table.id).then(
    () => true,
    () => false,
  );
  return { table, report, removed };
}

/** `mapping` pairs a source column with a target column title. */
export async function importIntoTable(
  deps: JobDeps,
  sourceTable: number,
  table: TableMeta,
  mapping: ReadonlyArray<{ source: number; title: string }>,
): Promise<JobOutcome> {
  const byTitle = new Map(table.columns.map((c) => [c.title, c]));
  const columns: ImportColumn[] = mapping.flatMap(({ source, title }) => {
    const c = byTitle.get(title);
    return c ? [{ source, title, uidt: c.uidt, settings: settingsOf(c) }] : [];
  });
  await checkRoom(deps);
  const required = table.columns.filter((c) => isRequiredWithoutDefault(c)).map((c) => c.title);
  await deps.worker.start({ table: sourceTable, columns, required, growSelects: false });
  const report = await run(deps, {
    insert: async (rows) => void (await deps.api.bulkInsert(deps.projectId, table.id, rows)),
  });
  return { table, report, removed: false };
}
