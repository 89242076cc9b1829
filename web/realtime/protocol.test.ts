import { describe, expect, it } from "vitest";
import { parseServerMessage } from "./protocol";

const parse = (v: unknown) => parseServerMessage(JSON.stringify(v));

describe("server messages", () => {
  it("reads every message the room sends", () => {
    expect(parse({ type: "hello", you: { userId: "u1", name: "Ana", color: "#e11d48" } })).toEqual({
      type: "hello",
      you: { userId: "u1", name: "Ana", color: "#e11d48" },
    });
    expect(
      parse({
        type: "presence",
        users: [
          {
            userId: "u1",
            name: "Ana",
            email: "a@x.com",
            color: "#e11d48",
            path: "/nc/p/table/T",
            table: "T",
            editing: { tableId: "t", rowId: 1, column: "Title" },
          },
        ],
      }),
    ).toEqual({
      type: "presence",
      users: [
        {
          userId: "u1",
          name: "Ana",
          email: "a@x.com",
          color: "#e11d48",
          path: "/nc/p/table/T",
          table: "T",
          editing: { tableId: "t", rowId: "1", column: "Title" },
        },
      ],
    });
    expect(
      parse({
        type: "row",
        op: "update",
        tableId: "t",
        row: { Id: 1 },
        changed: ["Title"],
        by: { id: "u1", email: "a@x.com" },
      }),
    ).toEqual({
      type: "row",
      op: "update",
      tableId: "t",
      row: { Id: 1 },
      changed: ["Title"],
      by: { id: "u1", email: "a@x.com" },
    });
    expect(parse({ type: "row", op: "insert", tableId: "t", row: { Id: 1 }, by: { id: "u1" } })).toEqual({
      type: "row",
      op: "insert",
      tableId: "t",
      row: { Id: 1 },
      by: { id: "u1" },
    });
    expect(parse({ type: "row", op: "delete", tableId: "t", rowId: 3, by: { id: "u1" } })).toEqual({
      type: "row",
      op: "delete",
      tableId: "t",
      rowId: "3",
      by: { id: "u1" },
    });
    expect(parse({ type: "rows", tableId: "t", by: { id: "u1" } })).toEqual({
      type: "rows",
      tableId: "t",
      by: { id: "u1" },
    });
    expect(parse({ type: "comment", tableId: "t", rowId: "3", by: { id: "u1" } })).toEqual({
      type: "comment",
      tableId: "t",
      rowId: "3",
      by: { id: "u1" },
    });
    expect(parse({ type: "schema" })).toEqual({ type: "schema" });
  });

  it("ignores pong, broken JSON and shapes it does not know", () => {
    expect(parseServerMessage("pong")).toBeNull();
    expect(parseServerMessage("{oops")).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
    expect(parse({ type: "row", op: "update", tableId: "t", by: { id: "u1" } })).toBeNull();
    expect(parse({ type: "row", op: "merge", tableId: "t", row: {}, by: { id: "u1" } })).toBeNull();
    expect(parse({ type: "rows", tableId: "t" })).toBeNull();
    expect(parse({ type: "whatever" })).toBeNull();
    expect(parse({ type: "presence", users: [{ name: "no id" }] })).toEqual({ type: "presence", users: [] });
  });
});
