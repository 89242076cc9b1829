/**
 * The import worker: reads the chosen file (CSV with papaparse, spreadsheets with SheetJS,
 * JSON), answers the preview, then hands out batches of insert bodies one pull at a time, so the
 * file is read only as fast as the server takes the rows.
 */
import { compileColumns } from "../../../db/import/rows";
import { JsonSourceError } from "../../../db/import/json";
import { CSV_CHUNK_LOCAL, CSV_CHUNK_REMOTE } from "../config";
import { createBatcher, type Batcher } from "../pipeline/batcher";
import type { ImportSource, OpenRequest, StartPlan, ToWorker } from "../protocol";
import { csvSource } from "../sources/csv-source";
import { jsonSource } from "../sources/json-source";

/** The worker scope, typed by what this file uses (the app compiles with the DOM library). */
const scope = self as unknown as {
  postMessage(msg: unknown): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

let source: ImportSource | null = null;
let batcher: Batcher | null = null;

async function open(req: OpenRequest): Promise<ImportSource> {
  const name = req.blob instanceof File ? req.blob.name : "";
  if (req.kind === "csv") return csvSource(req.blob, req.remote ? CSV_CHUNK_REMOTE : CSV_CHUNK_LOCAL, name);
  if (req.kind === "json") return jsonSource(await req.blob.text(), req.flatten, name);
  const XLSX = await import("xlsx");
  const workbook = XLSX.read(await req.blob.arrayBuffer(), { type: "array", dense: true, cellNF: true });
  const { sheetSource } = await import("../sources/sheet-source");
  return sheetSource(workbook, XLSX.SSF);
}

function start(plan: StartPlan): void {
  if (!source) throw new Error("No file is open");
  const compiled = compileColumns(plan.columns);
  if (!compiled.ok) throw new Error(compiled.error);
  const current = source;
  batcher = createBatcher(current.rows(plan.table), compiled.value, {
    required: plan.required,
    growSelects: plan.growSelects,
    progress: () => current.progress(plan.table),
  });
}

async function handle(msg: ToWorker): Promise<unknown> {
  switch (msg.type) {
    case "open":
      source = await open(msg.request);
      return source.preview();
    case "start":
      return start(msg.plan);
    case "pull":
      if (!batcher) throw new Error("The import has not started");
      return batcher.pull(msg.max);
  }
}

scope.onmessage = (e) => {
  const msg = e.data;
  handle(msg).then(
    (value) => scope.postMessage({ id: msg.id, ok: true, value }),
    (err: unknown) =>
      scope.postMessage({
        id: msg.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        code: err instanceof JsonSourceError ? err.code : undefined,
      }),
  );
};
