import { describe, expect, it } from "vitest";
import { connectWorker, WorkerError } from "./worker-client";

/** A worker stand-in: answers each posted request through `reply`. */
function fakeWorker(reply: (msg: { id: number; type: string }) => unknown) {
  const listeners: Record<string, Array<(e: unknown) => void>> = {};
  const posted: unknown[] = [];
  let terminated = false;
  return {
    posted,
    terminated: () => terminated,
    fire: (type: string, e: unknown) => listeners[type]?.forEach((l) => l(e)),
    addEventListener: (type: string, l: (e: unknown) => void) => void (listeners[type] ??= []).push(l),
    postMessage(msg: { id: number; type: string }) {
      posted.push(msg);
      const data = reply(msg);
      if (data !== undefined) queueMicrotask(() => listeners.message?.forEach((l) => l({ data })));
    },
    terminate: () => void (terminated = true),
  };
}

describe("connectWorker", () => {
  it("pairs answers with requests by id", async () => {
    const w = fakeWorker((m) => ({ id: m.id, ok: true, value: m.type }));
    const client = connectWorker(w as never);
    await expect(client.pull(10)).resolves.toBe("pull");
    expect(w.posted).toEqual([{ type: "pull", max: 10, id: 1 }]);
  });
  it("rejects with the worker's message and code", async () => {
    const client = connectWorker(
      fakeWorker((m) => ({ id: m.id, ok: false, error: "The file is not valid JSON", code: "notJson" })) as never,
    );
    await expect(client.start({ table: 0, columns: [], growSelects: false })).rejects.toMatchObject({
      message: "The file is not valid JSON",
      code: "notJson",
    });
  });
  it("rejects what is pending when the worker fails or is stopped", async () => {
    const w = fakeWorker(() => undefined);
    const client = connectWorker(w as never);
    const pending = client.pull(1);
    w.fire("error", { message: "boom" });
    await expect(pending).rejects.toBeInstanceOf(WorkerError);
    const later = client.pull(1);
    client.terminate();
    await expect(later).rejects.toThrow("cancelled");
    expect(w.terminated()).toBe(true);
  });
});
