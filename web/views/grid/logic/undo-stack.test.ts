import { describe, expect, it } from "vitest";
import { deleteEntry, pasteEntry, runSteps, updateEntry, type BulkApi, type RowValues } from "./history";
import { UndoStack } from "./undo-stack";

describe("UndoStack", () => {
  it("undoes and redoes in order; a new change clears redo", () => {
    const s = new UndoStack<string>();
    s.push("a");
    s.push("b");
    expect(s.takeUndo()).toBe("b");
    expect(s.canRedo).toBe(true);
    expect(s.takeRedo()).toBe("b");
    expect(s.takeUndo()).toBe("b");
    s.push("c");
    expect(s.canRedo).toBe(false);
    expect(s.takeUndo()).toBe("c");
    expect(s.takeUndo()).toBe("a");
    expect(s.takeUndo()).toBeUndefined();
    expect(s.canUndo).toBe(false);
  });
  it("drops the oldest beyond the limit", () => {
    const s = new UndoStack<number>(2);
    [1, 2, 3].forEach((n) => s.push(n));
    expect([s.takeUndo(), s.takeUndo(), s.takeUndo()]).toEqual([3, 2, undefined]);
  });
  it("puts back an entry whose apply failed", () => {
    const s = new UndoStack<string>();
    s.push("a");
    const e = s.takeUndo()!;
    s.restore(e, "undo");
    expect(s.canRedo).toBe(false);
    expect(s.takeUndo()).toBe("a");
  });
});

function fakeApi() {
  const calls: Array<[string, unknown]> = [];
  let next = 100;
  const api: BulkApi = {
    update: async (rows) => calls.push(["update", rows]),
    insert: async (rows) => (calls.push(["insert", rows]), rows.map(() => next++)),
    remove: async (keys) => calls.push(["remove", keys]),
    restore: async (keys) => (calls.push(["restore", keys]), { restored: keys.length, dropped: [] }),
  };
  return { api, calls };
}

describe("history entries", () => {
  it("inverts a cell edit with the old values", async () => {
    const before: RowValues[] = [{ Id: 1, Title: "old", Other: "x" }];
    const entry = updateEntry(before, [{ Id: 1, Title: "new" }], "Id");
    const { api, calls } = fakeApi();
    await runSteps(entry, entry.undo, api);
    await runSteps(entry, entry.redo, api);
    expect(calls).toEqual([
      ["update", [{ Id: 1, Title: "old" }]],
      ["update", [{ Id: 1, Title: "new" }]],
    ]);
  });
  it("undoes a paste that created rows by deleting them, and redo creates them again", async () => {
    const entry = pasteEntry([{ Id: 1, A: null }], [{ Id: 1, A: "p" }], [{ A: "q" }], [7], "Id");
    const { api, calls } = fakeApi();
    await runSteps(entry, entry.undo, api);
    expect(calls).toEqual([
      ["update", [{ Id: 1, A: null }]],
      ["remove", [7]],
    ]);
    await runSteps(entry, entry.redo, api);
    expect(entry.keys.created).toEqual([100]);
    await runSteps(entry, entry.undo, api);
    expect(calls.at(-1)).toEqual(["remove", [100]]);
  });
  it("undoes a delete by restoring the same keys from the trash, and redo deletes them again", async () => {
    const entry = deleteEntry(
      [
        { Id: 4, Title: "a", CreatedAt: "t" },
        { Id: 5, Title: "b" },
      ],
      "Id",
      ["Id", "Title"],
    );
    const { api, calls } = fakeApi();
    await runSteps(entry, entry.undo, api);
    expect(calls[0]).toEqual(["restore", [4, 5]]);
    await runSteps(entry, entry.redo, api);
    expect(calls[1]).toEqual(["remove", [4, 5]]);
  });
});
