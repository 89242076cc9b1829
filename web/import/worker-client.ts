/** The dialog's side of the import worker: one request at a time, answered by id. */
import type { Batch, FromWorker, OpenRequest, SourcePreview, StartPlan, ToWorker } from "./protocol";

export class WorkerError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type Pending = { resolve(value: unknown): void; reject(err: Error): void };
type Request = ToWorker extends infer T ? (T extends { id: number } ? Omit<T, "id"> : never) : never;

export interface ImportWorker {
  open(request: OpenRequest): Promise<SourcePreview>;
  start(plan: StartPlan): Promise<void>;
  pull(max: number): Promise<Batch>;
  terminate(): void;
}

export function connectWorker(worker: Pick<Worker, "postMessage" | "terminate" | "addEventListener">): ImportWorker {
  let nextId = 1;
  const pending = new Map<number, Pending>();
  worker.addEventListener("message", (e: MessageEvent<FromWorker>) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.ok) p.resolve(e.data.value);
    else p.reject(new WorkerError(e.data.error, e.data.code));
  });
  worker.addEventListener("error", (e: ErrorEvent) => {
    for (const p of pending.values()) p.reject(new WorkerError(e.message || "The import worker stopped"));
    pending.clear();
  });
  const call = <T>(req: Request) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...req, id });
    });
  return {
    open: (request) => call<SourcePreview>({ type: "open", request }),
    start: (plan) => call<void>({ type: "start", plan }),
    pull: (max) => call<Batch>({ type: "pull", max }),
    terminate() {
      for (const p of pending.values()) p.reject(new WorkerError("cancelled"));
      pending.clear();
      worker.terminate();
    },
  };
}

/** A new import worker (Vite bundles it as a module worker). */
export function startImportWorker(): ImportWorker {
  return connectWorker(new Worker(new URL("./workers/import.worker.ts", import.meta.url), { type: "module" }));
}
