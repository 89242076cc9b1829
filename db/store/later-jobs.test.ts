import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LATER_MS, laterJobs } from "./later-jobs";

describe("laterJobs", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs a job once, LATER_MS after it was first asked; a new job in the slot replaces a pending one", () => {
    const later = laterJobs();
    const ran: string[] = [];
    later("sort-index:items", "title", () => ran.push("title"));
    vi.advanceTimersByTime(LATER_MS / 2);
    later("sort-index:items", "price", () => ran.push("price"));
    later("sort-index:other", "name", () => ran.push("name"));
    vi.advanceTimersByTime(LATER_MS / 2);
    expect(ran).toEqual([]);
    // Asked again: keeps its time rather than waiting anew.
    later("sort-index:items", "price", () => ran.push("price again"));
    vi.advanceTimersByTime(LATER_MS / 2);
    expect(ran).toEqual(["price", "name"]);
    vi.advanceTimersByTime(LATER_MS * 2);
    expect(ran).toEqual(["price", "name"]);
  });

  it("a job that throws is logged and leaves the slot free", () => {
    const later = laterJobs();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    later("s", "bad", () => {
      throw new Error("no such column");
    });
    vi.advanceTimersByTime(LATER_MS);
    expect(logged).toHaveBeenCalledOnce();
    const ran: string[] = [];
    later("s", "bad", () => ran.push("again"));
    vi.advanceTimersByTime(LATER_MS);
    expect(ran).toEqual(["again"]);
    logged.mockRestore();
  });
});
