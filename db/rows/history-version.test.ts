import { describe, expect, it } from "vitest";
import { versionAfter } from "./history-version";

// Newest first, as the history answers: created, then Name a→b, Count 1→2 with Name b→c, Name c→d.
const entries = [
  { id: "e4", details: { Name: { old: "c", new: "d" } } },
  { id: "e3", details: { Name: { old: "b", new: "c" }, Count: { old: 1, new: 2 } } },
  { id: "link", details: { Orders: { linked: { id: 1, title: "Pen" } } } },
  { id: "e2", details: { Name: { old: "a", new: "b" } } },
  { id: "e1", details: null },
];

describe("the version after a history entry", () => {
  it("gives each later-changed field the old value of its earliest later change", () => {
    expect(versionAfter(entries, "e2")).toEqual({ Name: "b", Count: 1 });
    expect(versionAfter(entries, "e1")).toEqual({ Name: "a", Count: 1 });
    expect(versionAfter(entries, "e3")).toEqual({ Name: "c" });
  });

  it("names nothing for the newest entry, skips link entries and answers null for an unknown id", () => {
    expect(versionAfter(entries, "e4")).toEqual({});
    expect(versionAfter(entries, "link")).toEqual({ Name: "b", Count: 1 });
    expect(versionAfter(entries, "nope")).toBeNull();
  });
});
