import { describe, expect, it } from "vitest";
import { fromSavedSorts, sameSorts, sortBy, syncSorts, toSortArr } from "./sorts";

describe("sorts", () => {
  it("adds a column once and replaces its direction in place", () => {
    let s = sortBy([], "A", "asc");
    s = sortBy(s, "B", "desc");
    s = sortBy(s, "A", "desc");
    expect(toSortArr(s)).toEqual([
      { fk_column_id: "A", direction: "desc" },
      { fk_column_id: "B", direction: "desc" },
    ]);
  });
  it("reads saved sorts in order and compares by effect", () => {
    const saved = fromSavedSorts([
      { id: "s2", fk_column_id: "B", direction: "asc", order: 2 },
      { id: "s1", fk_column_id: "A", direction: "desc", order: 1 },
    ]);
    expect(saved.map((s) => s.columnId)).toEqual(["A", "B"]);
    expect(sameSorts(saved, sortBy(saved, "A", "desc"))).toBe(true);
    expect(sameSorts(saved, sortBy(saved, "A", "asc"))).toBe(false);
  });
  it("saves removals, changes and additions", async () => {
    const saved = fromSavedSorts([
      { id: "s1", fk_column_id: "A", direction: "asc" },
      { id: "s2", fk_column_id: "B", direction: "asc" },
    ]);
    const draft = sortBy(
      sortBy(
        saved.filter((s) => s.id !== "s2"),
        "A",
        "desc",
      ),
      "C",
      "asc",
    );
    const calls: string[] = [];
    const ids = await syncSorts(saved, draft, {
      create: async (b) => (calls.push(`create ${b.fk_column_id}`), { ...b, id: "s3" }),
      update: async (id, b) => calls.push(`update ${id} ${b.direction}`),
      remove: async (id) => calls.push(`remove ${id}`),
    });
    expect(calls).toEqual(["remove s2", "update s1 desc", "create C"]);
    expect([...ids.values()]).toEqual(["s3"]);
  });
});
