/**
 * The streaming import loop (main thread). Rules:
 * - batches are pulled from the source one at a time (the worker reads ahead no further), and
 *   sent as bulk inserts with at most `concurrency` requests in flight; each request is all or
 *   nothing on the server;
 * - `prepare` runs before a batch is sent (new select options), after the earlier batches went;
 * - the first refused request stops the import: no further batch is pulled or sent, the requests
 *   already in flight are awaited (never aborted, so what they committed is known);
 * - cancelling (the signal) stops the same way;
 * - the report lists the source rows committed (kept), the refused requests with the server's
 *   message told in source rows, the rows refused before sending (row errors), and whether the
 *   whole source went in.
 */
import { MAX_KEPT_ERRORS } from "../config";
import type { Batch, RowError } from "../protocol";
import { mergeRanges, toRanges, type RowRange } from "./ranges";
import { batchFailure } from "./server-errors";

export interface BatchSource {
  pull(max: number): Promise<Batch>;
}

export interface InsertSink {
  prepare?(batch: Batch): Promise<void>;
  insert(rows: Record<string, unknown>[]): Promise<void>;
}

export interface Progress {
  inserted: number;
  refused: number;
  read: number;
  total: number | null;
}

export interface RunSettings {
  batchRows: number;
  concurrency: number;
  signal?: AbortSignal;
  onProgress?(progress: Progress): void;
}

export interface FailedBatch {
  rows: RowRange[];
  /** The source row the server named, if any. */
  row: number | null;
  message: string;
}

export interface ImportReport {
  inserted: number;
  kept: RowRange[];
  failed: FailedBatch[];
  /** Rows refused before sending (first MAX_KEPT_ERRORS), and how many there were in all. */
  rowErrors: RowError[];
  rowErrorCount: number;
  /** A failure reading the source itself (the worker). */
  sourceError: string | null;
  cancelled: boolean;
  /** The whole source was read and every batch committed. */
  complete: boolean;
  /** The last source row sent or refused; later rows were not imported when the import stopped early. */
  lastRow: number;
}

export const reportOk = (r: ImportReport) =>
  r.complete && !r.cancelled && r.failed.length === 0 && r.sourceError === null;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function runImport(source: BatchSource, sink: InsertSink, settings: RunSettings): Promise<ImportReport> {
  const report: ImportReport = {
    inserted: 0,
    kept: [],
    failed: [],
    rowErrors: [],
    rowErrorCount: 0,
    sourceError: null,
    cancelled: false,
    complete: false,
    lastRow: 0,
  };
  const inflight = new Set<Promise<void>>();
  let read = 0;
  let total: number | null = null;
  const progress = () =>
    settings.onProgress?.({ inserted: report.inserted, refused: report.rowErrorCount, read, total });
  const stopped = () => report.failed.length > 0 || Boolean(settings.signal?.aborted);

  const send = (batch: Batch) => {
    const job = sink
      .insert(batch.rows)
      .then(() => {
        report.inserted += batch.rows.length;
        report.kept = mergeRanges([...report.kept, ...toRanges(batch.rowNumbers)]);
      })
      .catch((err: unknown) => {
        report.failed.push({ rows: toRanges(batch.rowNumbers), ...batchFailure(messageOf(err), batch.rowNumbers) });
      })
      .finally(() => {
        inflight.delete(job);
        progress();
      });
    inflight.add(job);
  };

  try {
    for (;;) {
      if (stopped()) break;
      const batch = await source.pull(settings.batchRows);
      read = batch.read;
      total = batch.total;
      if (batch.rows.length > 0) {
        while (inflight.size >= settings.concurrency) await Promise.race(inflight);
        if (stopped()) break;
      }
      report.lastRow = Math.max(report.lastRow, ...batch.rowNumbers, ...batch.errors.map((e) => e.row));
      report.rowErrorCount += batch.errors.length;
      report.rowErrors.push(...batch.errors.slice(0, Math.max(0, MAX_KEPT_ERRORS - report.rowErrors.length)));
      progress();
      if (batch.rows.length > 0) {
        try {
          await sink.prepare?.(batch);
        } catch (err) {
          report.failed.push({ rows: toRanges(batch.rowNumbers), ...batchFailure(messageOf(err), batch.rowNumbers) });
          break;
        }
        send(batch);
      }
      if (batch.done) {
        report.complete = true;
        break;
      }
    }
  } catch (err) {
    report.sourceError = messageOf(err);
  }
  await Promise.allSettled([...inflight]);
  report.cancelled = Boolean(settings.signal?.aborted);
  if (report.failed.length > 0) report.complete = false;
  progress();
  return report;
}
