import { describe, expect, it } from "vitest";
import { ConflictTracker } from "./conflicts";
import type { RowEvent } from "./protocol";

const update = (row: Record<string, unknown>, by = "ana", changed?: string[]): RowEvent => ({
  type: "row",
  op: "update",
  tableId: "t1",
  row,
  ...(changed ? { changed } : {}),
  by: { id: by },
});

describe("conflict detection", () => {
  it("tells the loser when another user changes a cell they saved in the last 10 s", () => {
    const c = new ConflictTracker();
    c.noteSaved("t1", "Id", [{ Id: 1, Status: "Todo" }], 1_000);
    expect(c.check(update({ Id: 1, Status: "Done", Title: "x" }, "ana", ["Status"]), "me", 5_000)).toEqual([
      { tableId: "t1", rowId: "1", column: "Status", editing: false },
    ]);
    // Once per saved cell.
    expect(c.check(update({ Id: 1, Status: "Doing" }, "ana", ["Status"]), "me", 6_000)).toEqual([]);
  });

  it("ignores old edits, own updates, other cells, other rows and equal values", () => {
    const c = new ConflictTracker();
    c.noteSaved("t1", "Id", [{ Id: 1, Status: "Todo", Title: "a" }], 0);
    expect(c.check(update({ Id: 1, Status: "Done" }, "me", ["Status"]), "me", 100)).toEqual([]);
    expect(c.check(update({ Id: 1, Notes: "n" }, "ana", ["Notes"]), "me", 100)).toEqual([]);
    expect(c.check(update({ Id: 2, Status: "Done" }, "ana", ["Status"]), "me", 100)).toEqual([]);
    expect(c.check(update({ Id: 1, Title: "a" }, "ana", ["Title"]), "me", 100)).toEqual([]);
    expect(c.check({ ...update({ Id: 1, Status: "Done" }), tableId: "t2" }, "me", 100)).toEqual([]);
    expect(c.check(update({ Id: 1, Status: "Done" }, "ana", ["Status"]), "me", 10_001)).toEqual([]);
  });

  it("uses every column of the row when the event lists no changed columns", () => {
    const c = new ConflictTracker();
    c.noteSaved("t1", "Id", [{ Id: 3, Qty: 1 }], 0);
    expect(c.check(update({ Id: 3, Qty: 2 }), "me", 10)).toHaveLength(1);
  });

  it("reports a change to the cell being edited now, whatever its age", () => {
    const c = new ConflictTracker();
    c.setEditing({ tableId: "t1", keyTitle: "Id", rowId: "4", column: "Title" });
    expect(c.check(update({ Id: 4, Title: "theirs" }, "ana", ["Title"]), "me", 60_000)).toEqual([
      { tableId: "t1", rowId: "4", column: "Title", editing: true },
    ]);
    c.setEditing(null);
    expect(c.check(update({ Id: 4, Title: "again" }, "ana", ["Title"]), "me", 60_000)).toEqual([]);
  });

  it("ignores deletes and inserts", () => {
    const c = new ConflictTracker();
    c.noteSaved("t1", "Id", [{ Id: 1, Status: "Todo" }], 0);
    expect(c.check({ type: "row", op: "delete", tableId: "t1", rowId: "1", by: { id: "ana" } }, "me", 10)).toEqual([]);
  });
});
