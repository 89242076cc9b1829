import { describe, expect, it } from "vitest";
import { keySpecOf } from "../../../lib/row-id";
import { deleteEntry, updateEntry } from "./history";

const key = keySpecOf([{ title: "OrderId", pk: true }, { title: "LineNo", pk: true }, { title: "Qty" }]);

describe("history of composite-key rows", () => {
  it("undoes an edit on the row named by both key columns", () => {
    const entry = updateEntry([{ OrderId: 1, LineNo: 2, Qty: 1 }], [{ OrderId: 1, LineNo: 2, Qty: 7 }], key);
    expect(entry.undo).toEqual([{ kind: "update", rows: [{ OrderId: 1, LineNo: 2, Qty: 1 }] }]);
  });

  it("deletes by the joined ids and undoes by re-inserting the key columns too", () => {
    const entry = deleteEntry([{ OrderId: 1, LineNo: 2, Qty: 1 }], key, ["Qty"]);
    expect(entry.keys.rows).toEqual(["1___2"]);
    expect(entry.undo).toEqual([{ kind: "insert", ref: "rows", rows: [{ OrderId: 1, LineNo: 2, Qty: 1 }] }]);
  });

  it("leaves a one-column key out of the re-insert (the database gives a new one)", () => {
    const entry = deleteEntry([{ Id: 4, Qty: 1 }], "Id", ["Qty"]);
    expect(entry.keys.rows).toEqual([4]);
    expect(entry.undo).toEqual([{ kind: "insert", ref: "rows", rows: [{ Qty: 1 }] }]);
  });
});
