import { describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import { SyncSchedule, syncIntervalMs } from "./sync-schedule";

describe("the external database's sync schedule", () => {
  it("reads EXTERNAL_SYNC_MINUTES: 60 by default, 0 (or nonsense) is off, fractions allowed", () => {
    expect(syncIntervalMs(undefined)).toBe(3_600_000);
    expect(syncIntervalMs("")).toBe(3_600_000);
    expect(syncIntervalMs("15")).toBe(900_000);
    expect(syncIntervalMs("0.5")).toBe(30_000);
    expect(syncIntervalMs("0")).toBeNull();
    expect(syncIntervalMs("-3")).toBeNull();
    expect(syncIntervalMs("soon")).toBeNull();
  });

  it("is due when never synced and after the interval, and remembers the last sync across room starts", () => {
    const store = nodeProjectStore();
    const first = new SyncSchedule(() => store, 60_000);
    expect(first.due(1_000_000)).toBe(true);
    first.mark(1_000_000);
    expect(first.due(1_059_999)).toBe(false);
    expect(first.due(1_060_000)).toBe(true);
    // A room woken from hibernation reads the time kept in the store.
    const woken = new SyncSchedule(() => store, 60_000);
    expect(woken.due(1_030_000)).toBe(false);
    expect(new SyncSchedule(() => store, null).due(9_999_999_999)).toBe(false);
  });
});
