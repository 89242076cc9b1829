import { describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import type { ProjectStore } from "../store/store";
import { pruneRuns, retentionOf } from "./retention";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28);

/** `n` runs of one automation with this status, finished `daysAgo` days ago (oldest first). */
function runs(store: ProjectStore, automationId: string, n: number, daysAgo: number, status = "succeeded") {
  const at = NOW - daysAgo * DAY;
  for (let i = 0; i < n; i++)
    store.exec(
      `INSERT INTO _nc_automation_runs (fk_automation_id, status, due_at, created_at, finished_at)
       VALUES (?, ?, ?, ?, ?)`,
      automationId,
      status,
      at,
      at,
      status === "queued" ? null : at,
    );
}

const left = (store: ProjectStore, automationId: string) =>
  store.exec("SELECT status, created_at FROM _nc_automation_runs WHERE fk_automation_id = ? ORDER BY id", automationId);

describe("run retention", () => {
  it("reads its settings, blank or bad values falling back to 1,000 runs and 30 days", () => {
    expect(retentionOf({})).toEqual({ keep: 1000, days: 30 });
    expect(retentionOf({ AUTOMATION_RUNS_KEPT: "50", AUTOMATION_RUN_DAYS: "0" })).toEqual({ keep: 50, days: 0 });
    expect(retentionOf({ AUTOMATION_RUNS_KEPT: "", AUTOMATION_RUN_DAYS: "-3" })).toEqual({ keep: 1000, days: 30 });
    expect(retentionOf({ AUTOMATION_RUNS_KEPT: "many" })).toEqual({ keep: 1000, days: 30 });
  });

  it("prunes what is both old and not among the newest N, per automation", () => {
    const store = nodeProjectStore();
    runs(store, "au_a", 8, 40); // old
    runs(store, "au_a", 3, 1); // recent
    runs(store, "au_b", 4, 40); // old, but within its own newest 5
    expect(pruneRuns(store, { keep: 5, days: 30 }, NOW)).toEqual(["au_a"]);
    // au_a: its 3 recent runs stay (younger than 30 days) and the 2 newest old ones (newest 5).
    const a = left(store, "au_a");
    expect(a.length).toBe(5);
    expect(a.filter((r) => Number(r.created_at) === NOW - 40 * DAY).length).toBe(2);
    expect(left(store, "au_b").length).toBe(4);
  });

  it("keeps every run younger than D days, however many", () => {
    const store = nodeProjectStore();
    runs(store, "au_a", 30, 2);
    expect(pruneRuns(store, { keep: 5, days: 30 }, NOW)).toEqual([]);
    expect(left(store, "au_a").length).toBe(30);
    // days 0: the newest N is a strict cap.
    pruneRuns(store, { keep: 5, days: 0 }, NOW);
    expect(left(store, "au_a").length).toBe(5);
  });

  it("never prunes a queued or waiting run, and stops at its limit", () => {
    const store = nodeProjectStore();
    runs(store, "au_a", 4, 60, "queued");
    runs(store, "au_a", 10, 60, "failed");
    runs(store, "au_a", 1, 60, "skipped");
    expect(pruneRuns(store, { keep: 0, days: 30 }, NOW, 6)).toEqual(["au_a"]);
    expect(left(store, "au_a").length).toBe(9);
    pruneRuns(store, { keep: 0, days: 30 }, NOW);
    expect(left(store, "au_a").map((r) => r.status)).toEqual(["queued", "queued", "queued", "queued"]);
  });
});
