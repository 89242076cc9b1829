import { describe, expect, it } from "vitest";
import type { GridColumn } from "../../../api/view-types";
import { levelPatches, levelsOf } from "./group-levels";

const gc = (id: string, order?: number, sort: "asc" | "desc" = "asc"): GridColumn => ({
  id: `g${id}`,
  fk_column_id: id,
  order: 1,
  show: true,
  group_by: order !== undefined,
  group_by_order: order ?? null,
  group_by_sort: order !== undefined ? sort : null,
});

describe("group levels", () => {
  it("reads levels in order and plans removals before the new places", () => {
    const cols = [gc("a", 2), gc("b", 1, "desc"), gc("c"), gc("d", 3)];
    expect(levelsOf(cols)).toEqual([
      { columnId: "b", direction: "desc", bucket: null },
      { columnId: "a", direction: "asc", bucket: null },
      { columnId: "d", direction: "asc", bucket: null },
    ]);
    const plan = levelPatches(cols, levelsOf(cols), [
      { columnId: "b", direction: "desc" },
      { columnId: "c", direction: "asc" },
      { columnId: "a", direction: "desc" },
    ]);
    expect(plan).toEqual([
      { gridColumnId: "gd", body: { group_by: false } },
      { gridColumnId: "gc", body: { group_by: true, group_by_order: 2, group_by_sort: "asc", group_by_bucket: null } },
      { gridColumnId: "ga", body: { group_by: true, group_by_order: 3, group_by_sort: "desc", group_by_bucket: null } },
    ]);
    // Planned from what was last asked, not from columns not yet read again.
    expect(
      levelPatches([gc("a"), gc("b")], [{ columnId: "a", direction: "asc" }], [{ columnId: "b", direction: "asc" }]),
    ).toEqual([
      { gridColumnId: "ga", body: { group_by: false } },
      { gridColumnId: "gb", body: { group_by: true, group_by_order: 1, group_by_sort: "asc", group_by_bucket: null } },
    ]);
  });

  it("a date level's bucket is read and a changed bucket is written", () => {
    const cols = [{ ...gc("due", 1), group_by_bucket: "month" as const }];
    expect(levelsOf(cols)).toEqual([{ columnId: "due", direction: "asc", bucket: "month" }]);
    expect(levelPatches(cols, levelsOf(cols), [{ columnId: "due", direction: "asc", bucket: "year" }])).toEqual([
      {
        gridColumnId: "gdue",
        body: { group_by: true, group_by_order: 1, group_by_sort: "asc", group_by_bucket: "year" },
      },
    ]);
    expect(levelPatches(cols, levelsOf(cols), levelsOf(cols))).toEqual([]);
  });
});
