import { describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import { compactIds, countIds, expandBatches, nextBatchDue, queueBatch, takeIds } from "./batches";

describe("a bulk write's runs as one entry", () => {
  it("keeps consecutive ids as ranges and other ids as they are", () => {
    expect(compactIds([1, 2, 3, 4, 7, 9, 10, "a", 11])).toEqual([[1, 4], 7, [9, 10], "a", 11]);
    expect(countIds(compactIds([1, 2, 3, 4, 7, 9, 10, "a", 11]))).toBe(9);
    expect(compactIds(Array.from({ length: 10_000 }, (_, i) => i + 5))).toEqual([[5, 10_004]]);
  });

  it("takes ids off the front without losing or repeating one", () => {
    const ranges = compactIds([1, 2, 3, 4, 5, 8, "x", 10, 11, 12]);
    const seen: Array<string | number> = [];
    let rest = ranges;
    while (rest.length) {
      const got = takeIds(rest, 3);
      expect(got.ids.length).toBeLessThanOrEqual(3);
      seen.push(...got.ids);
      rest = got.rest;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 8, "x", 10, 11, 12]);
  });

  it("expands into one run per row, a slice per call, each once", () => {
    const store = nodeProjectStore();
    const ids = [...Array.from({ length: 4_500 }, (_, i) => i + 1), 9_000, 9_002];
    const now = Date.now() - 1000;
    expect(queueBatch(store, "au_1", ids, { type: "record.created", table_id: "m1" }, 1, 3, now)).toBe(4_502);
    // Nothing is a run until the alarm expands the entry.
    expect(store.exec("SELECT count(*) AS n FROM _nc_automation_runs")[0]!.n).toBe(0);
    expect(nextBatchDue(store)).toBe(now);
    const touched = expandBatches(store, 2_000);
    expect([...touched]).toEqual(["au_1"]);
    expect(store.exec("SELECT count(*) AS n FROM _nc_automation_runs")[0]!.n).toBe(2_000);
    expandBatches(store, 2_000);
    expandBatches(store, 2_000);
    const runs = store.exec("SELECT row_id, status, created_at, trigger FROM _nc_automation_runs");
    expect(runs.length).toBe(4_502);
    expect(new Set(runs.map((r) => r.row_id)).size).toBe(4_502);
    expect(runs.every((r) => r.status === "queued" && Number(r.created_at) === now)).toBe(true);
    expect(JSON.parse(String(runs[0]!.trigger))).toMatchObject({ type: "record.created", table_id: "m1" });
    // The entry is gone: another alarm adds nothing.
    expect(nextBatchDue(store)).toBeNull();
    expect(expandBatches(store, 2_000).size).toBe(0);
    expect(store.exec("SELECT count(*) AS n FROM _nc_automation_runs")[0]!.n).toBe(4_502);
  });

  it("writes the runs of a chain deeper than the limit as skipped", () => {
    const store = nodeProjectStore();
    queueBatch(store, "au_2", [1, 2, 3], { type: "record.created" }, 4, 3, Date.now());
    expandBatches(store, 100);
    const runs = store.exec("SELECT status, error FROM _nc_automation_runs");
    expect(runs.map((r) => r.status)).toEqual(["skipped", "skipped", "skipped"]);
    expect(String(runs[0]!.error)).toContain("deeper than 3");
  });

  it("waits for an entry that is not due yet", () => {
    const store = nodeProjectStore();
    const now = Date.now();
    queueBatch(store, "au_3", [1, 2], { type: "record.created" }, 1, 3, now, now + 60_000);
    expect(expandBatches(store, 100, now).size).toBe(0);
    expect(expandBatches(store, 100, now + 60_000).size).toBe(1);
  });
});
