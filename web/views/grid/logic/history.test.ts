import { describe, expect, it } from "vitest";
import { keySpecOf } from "../../../lib/row-id";
import { deleteEntry, runSteps, updateEntry, type BulkApi, type RowKey } from "./history";

const key = keySpecOf([{ title: "OrderId", pk: true }, { title: "LineNo", pk: true }, { title: "Qty" }]);

describe("history of composite-key rows", () => {
  it("undoes an edit on the row named by both key columns", () => {
    const entry = updateEntry([{ OrderId: 1, LineNo: 2, Qty: 1 }], [{ OrderId: 1, LineNo: 2, Qty: 7 }], key);
    expect(entry.undo).toEqual([{ kind: "update", rows: [{ OrderId: 1, LineNo: 2, Qty: 1 }] }]);
  });

  it("deletes by the joined ids and undoes by re-inserting the key columns too", () => {
    const entry = deleteEntry([{ OrderId: 1, LineNo: 2, Qty: 1 }], key, ["Qty"]);
    expect(entry.keys.rows).toEqual(["1___2"]);
    expect(entry.undo).toEqual([
      {
        kind: "restore",
        ref: "rows",
        fallback: { kind: "insert", ref: "rows", rows: [{ OrderId: 1, LineNo: 2, Qty: 1 }] },
      },
    ]);
  });

  it("leaves a one-column key out of the re-insert (the database gives a new one)", () => {
    const entry = deleteEntry([{ Id: 4, Qty: 1 }], "Id", ["Qty"]);
    expect(entry.keys.rows).toEqual([4]);
    expect(entry.undo).toEqual([
      { kind: "restore", ref: "rows", fallback: { kind: "insert", ref: "rows", rows: [{ Qty: 1 }] } },
    ]);
  });
});

describe("undo of a delete through the trash", () => {
  /** Records what the history sent; `trash: false` answers as a table without a trash (400). */
  function recorder(trash: boolean) {
    const calls: string[] = [];
    const api: BulkApi = {
      update: async () => calls.push("update"),
      insert: async (rows) => {
        calls.push(`insert ${rows.length}`);
        return rows.map((_, i): RowKey => 100 + i);
      },
      remove: async (keys) => calls.push(`remove ${keys.join(",")}`),
      restore: async (keys) => {
        if (!trash)
          throw Object.assign(new Error("An external database's deletes are not kept in the trash"), { status: 400 });
        calls.push(`restore ${keys.join(",")}`);
        return { restored: keys.length, dropped: [] };
      },
    };
    return { api, calls };
  }

  it("restores the same keys, and redo deletes those same keys again", async () => {
    const entry = deleteEntry(
      [
        { Id: 4, Qty: 1 },
        { Id: 7, Qty: 2 },
      ],
      "Id",
      ["Qty"],
    );
    const { api, calls } = recorder(true);
    expect(await runSteps(entry, entry.undo, api)).toEqual({ restored: 2, dropped: [] });
    await runSteps(entry, entry.redo, api);
    expect(calls).toEqual(["restore 4,7", "remove 4,7"]);
  });

  it("without a trash, inserts the values again and redo deletes the new rows", async () => {
    const entry = deleteEntry([{ Id: 4, Qty: 1 }], "Id", ["Qty"]);
    const { api, calls } = recorder(false);
    expect(await runSteps(entry, entry.undo, api)).toBeNull();
    await runSteps(entry, entry.redo, api);
    expect(calls).toEqual(["insert 1", "remove 100"]);
  });
});
