import { describe, expect, it } from "vitest";
import type { Batch } from "../protocol";
import { reportOk, runImport, type BatchSource, type InsertSink } from "./run-import";

/** A source of `total` numbered rows; rows listed in `bad` come back as row errors. */
function source(total: number, bad: number[] = []): BatchSource & { pulls: number } {
  let next = 1;
  const s = {
    pulls: 0,
    async pull(max: number): Promise<Batch> {
      s.pulls += 1;
      const rows: Record<string, unknown>[] = [];
      const rowNumbers: number[] = [];
      const errors: Batch["errors"] = [];
      while (next <= total && rows.length + errors.length < max) {
        if (bad.includes(next)) errors.push({ row: next, message: `bad ${next}`, cells: [String(next)] });
        else {
          rows.push({ n: next });
          rowNumbers.push(next);
        }
        next += 1;
      }
      return { rows, rowNumbers, errors, newOptions: {}, done: next > total, read: next - 1, total };
    },
  };
  return s;
}

/** A sink that records inserts; `refuse(i)` gives the message for the i-th request (0-based), or null. */
function sink(refuse: (i: number, rows: Record<string, unknown>[]) => string | null = () => null, delay = 0) {
  const sent: number[][] = [];
  let active = 0;
  let peak = 0;
  const s: InsertSink & { sent: number[][]; peak: () => number } = {
    sent,
    peak: () => peak,
    async insert(rows) {
      const i = sent.length;
      sent.push(rows.map((r) => r.n as number));
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, delay));
      active -= 1;
      const msg = refuse(i, rows);
      if (msg) throw new Error(msg);
    },
  };
  return s;
}

describe("runImport", () => {
  it("sends every row in batches of the given size and reports them kept", async () => {
    const out = sink();
    const progress: number[] = [];
    const report = await runImport(source(12), out, {
      batchRows: 5,
      concurrency: 2,
      onProgress: (p) => progress.push(p.inserted),
    });
    expect(out.sent).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
      [11, 12],
    ]);
    expect(report).toMatchObject({
      inserted: 12,
      kept: [{ from: 1, to: 12 }],
      failed: [],
      complete: true,
      cancelled: false,
      lastRow: 12,
    });
    expect(reportOk(report)).toBe(true);
    expect(progress.at(-1)).toBe(12);
  });

  it("keeps at most `concurrency` requests in flight", async () => {
    const out = sink(() => null, 5);
    await runImport(source(50), out, { batchRows: 5, concurrency: 2 });
    expect(out.peak()).toBe(2);
    const one = sink(() => null, 5);
    await runImport(source(20), one, { batchRows: 5, concurrency: 1 });
    expect(one.peak()).toBe(1);
  });

  it("lists rows refused before sending, and skips them in the kept ranges", async () => {
    const report = await runImport(source(10, [3, 4]), sink(), { batchRows: 5, concurrency: 1 });
    expect(report.kept).toEqual([
      { from: 1, to: 2 },
      { from: 5, to: 10 },
    ]);
    expect(report.rowErrors.map((e) => e.row)).toEqual([3, 4]);
    expect(report.rowErrorCount).toBe(2);
    expect(report.inserted).toBe(8);
    expect(reportOk(report)).toBe(true);
  });

  it("stops at a refused batch and tells the server's row in source rows", async () => {
    const src = source(100, [2]);
    const report = await runImport(
      src,
      sink((i) => (i === 1 ? 'Row 3: Age: "x" is not a number' : null)),
      { batchRows: 10, concurrency: 1 },
    );
    // Batch 0 holds rows 1, 3-10 (row 2 was refused before sending); batch 1 holds rows 11-20.
    expect(report.kept).toEqual([
      { from: 1, to: 1 },
      { from: 3, to: 10 },
    ]);
    expect(report.failed).toEqual([
      { rows: [{ from: 11, to: 20 }], row: 13, message: 'Row 13: Age: "x" is not a number' },
    ]);
    expect(report.complete).toBe(false);
    expect(report.lastRow).toBe(20);
    expect(src.pulls).toBe(3); // the batch pulled while batch 1 was in flight is never sent
    expect(reportOk(report)).toBe(false);
  });

  it("with two requests in flight, a later batch may still commit: it is reported kept", async () => {
    const out = sink((i) => (i === 0 ? "Row 1: nope" : null), 5);
    const report = await runImport(source(30), out, { batchRows: 10, concurrency: 2 });
    expect(out.sent.length).toBe(2);
    expect(report.kept).toEqual([{ from: 11, to: 20 }]);
    expect(report.failed[0]).toMatchObject({ rows: [{ from: 1, to: 10 }], row: 1, message: "Row 1: nope" });
  });

  it("stops when cancelled, after the requests in flight have settled", async () => {
    const controller = new AbortController();
    const out = sink((i) => {
      if (i === 1) controller.abort();
      return null;
    }, 2);
    const report = await runImport(source(100), out, { batchRows: 10, concurrency: 1, signal: controller.signal });
    expect(report.cancelled).toBe(true);
    expect(report.kept).toEqual([{ from: 1, to: 20 }]);
    expect(report.failed).toEqual([]);
    expect(reportOk(report)).toBe(false);
  });

  it("runs prepare before each batch it sends, and a failing prepare stops the import", async () => {
    const order: string[] = [];
    const out = sink();
    const report = await runImport(
      source(10),
      {
        prepare: async (b) => {
          order.push(`prepare ${b.rowNumbers[0]}`);
          if (b.rowNumbers[0] === 6) throw new Error("Duplicates are not allowed!");
        },
        insert: async (rows) => (order.push(`insert ${rows[0]!.n}`), out.insert(rows)),
      },
      { batchRows: 5, concurrency: 1 },
    );
    expect(order).toEqual(["prepare 1", "insert 1", "prepare 6"]);
    expect(report.failed[0]?.message).toBe("Duplicates are not allowed!");
  });

  it("reports a source that fails to read", async () => {
    const report = await runImport({ pull: () => Promise.reject(new Error("The file is not valid JSON")) }, sink(), {
      batchRows: 5,
      concurrency: 1,
    });
    expect(report.sourceError).toBe("The file is not valid JSON");
    expect(reportOk(report)).toBe(false);
  });
});
