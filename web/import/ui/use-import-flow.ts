/**
 * The import dialog's state: read a source in the worker, plan (new tables) or map (an existing
 * table), run the jobs one table after another, and keep each table's outcome for the summary.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { queryKeys } from "../../api/query-keys";
import type { ImportTarget } from "./import-target";
import type { ImportKind } from "../file-rules";
import { importApi } from "../import-api";
import { importIntoTable, importNewTable, type JobOutcome } from "../import-job";
import type { Progress } from "../pipeline/run-import";
import type { SourcePreview } from "../protocol";
import { startImportWorker, type ImportWorker } from "../worker-client";
import { markTableImported } from "./import-request";
import { initialMapping, mappableColumns, mappingPairs, type Mapping } from "./mapping";
import { initialPlan, plannedColumns, type TablePlan } from "./plan";

export type { ImportTarget };

export interface TableOutcome {
  name: string;
  headers: string[];
  result: JobOutcome | null;
  /** An error before any row was sent (the table could not be made, the worker failed). */
  error: unknown;
}

export interface Running {
  name: string;
  index: number;
  count: number;
  progress: Progress;
  cancelling: boolean;
}

export type Step = "source" | "plan" | "running" | "done";

export function useImportFlow(projectId: string, existingTables: readonly string[], target: ImportTarget) {
  const queryClient = useQueryClient();
  const worker = useRef<ImportWorker | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [step, setStep] = useState<Step>("source");
  const [preview, setPreview] = useState<SourcePreview | null>(null);
  const [plans, setPlans] = useState<TablePlan[]>([]);
  const [sheet, setSheet] = useState(0);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [running, setRunning] = useState<Running | null>(null);
  const [outcomes, setOutcomes] = useState<TableOutcome[]>([]);
  const sourceBytes = useRef(0);

  const mapFor = useCallback(
    (p: SourcePreview, index: number) =>
      target.mode === "existing"
        ? initialMapping(p.tables[index]?.headers ?? [], mappableColumns(target.table.columns))
        : [],
    [target],
  );

  const stopWorker = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stopWorker, [stopWorker]);

  /** Reads the file in a fresh worker; the caller shows the error. */
  const load = useCallback(
    async (kind: ImportKind, file: File, remote: boolean, flatten: boolean) => {
      stopWorker();
      const w = startImportWorker();
      worker.current = w;
      const p = await w.open({ blob: file, kind, remote, flatten });
      sourceBytes.current = file.size;
      setPreview(p);
      setPlans(initialPlan(p, file.name, existingTables, kind === "excel"));
      setSheet(0);
      setMapping(mapFor(p, 0));
      setStep("plan");
      return p;
    },
    [existingTables, mapFor, stopWorker],
  );

  const runJobs = useCallback(
    async (
      jobs: Array<{
        name: string;
        headers: string[];
        run(deps: Parameters<typeof importNewTable>[0]): Promise<JobOutcome>;
      }>,
    ) => {
      const w = worker.current;
      if (!w) return;
      const controller = new AbortController();
      abort.current = controller;
      setStep("running");
      const done: TableOutcome[] = [];
      for (const [index, job] of jobs.entries()) {
        if (controller.signal.aborted) break;
        const zero = { inserted: 0, refused: 0, read: 0, total: null };
        setRunning({ name: job.name, index: index + 1, count: jobs.length, progress: zero, cancelling: false });
        const deps = {
          api: importApi,
          worker: w,
          projectId,
          sourceBytes: sourceBytes.current,
          signal: controller.signal,
          onProgress: (progress: Progress) => setRunning((r) => (r ? { ...r, progress } : r)),
        };
        try {
          done.push({ name: job.name, headers: job.headers, result: await job.run(deps), error: null });
        } catch (error) {
          done.push({ name: job.name, headers: job.headers, result: null, error });
        }
      }
      stopWorker();
      setOutcomes(done);
      setRunning(null);
      setStep("done");
      void queryClient.invalidateQueries({ queryKey: queryKeys.tables(projectId) });
      for (const o of done)
        if (o.result) void queryClient.invalidateQueries({ queryKey: queryKeys.table(o.result.table.id) });
      if (target.mode === "existing" && done.some((o) => (o.result?.report.inserted ?? 0) > 0))
        markTableImported(target.table.id);
    },
    [projectId, queryClient, stopWorker, target],
  );

  const start = useCallback(() => {
    if (!preview) return;
    if (target.mode === "existing") {
      const headers = preview.tables[sheet]?.headers ?? [];
      const pairs = mappingPairs(mapping);
      return runJobs([
        { name: target.table.title, headers, run: (deps) => importIntoTable(deps, sheet, target.table, pairs) },
      ]);
    }
    return runJobs(
      plans
        .filter((p) => p.include)
        .map((p) => ({
          name: p.name,
          headers: preview.tables[p.source]?.headers ?? [],
          run: (deps) => importNewTable(deps, p.source, p.name, plannedColumns(p)),
        })),
    );
  }, [mapping, plans, preview, runJobs, sheet, target]);

  const chooseSheet = useCallback(
    (index: number) => {
      setSheet(index);
      if (preview) setMapping(mapFor(preview, index));
    },
    [mapFor, preview],
  );

  const cancel = useCallback(() => {
    abort.current?.abort();
    setRunning((r) => (r ? { ...r, cancelling: true } : r));
  }, []);

  const back = useCallback(() => {
    stopWorker();
    setPreview(null);
    setStep("source");
  }, [stopWorker]);

  return {
    step,
    preview,
    plans,
    setPlans,
    sheet,
    chooseSheet,
    mapping,
    setMapping,
    running,
    outcomes,
    load,
    start,
    cancel,
    back,
  };
}
