import { describe, expect, it } from "vitest";
import { parseClientMessage } from "./protocol";

const parse = (v: unknown) => parseClientMessage(JSON.stringify(v));

describe("client messages, as the room reads them", () => {
  it("reads page, editing and usage events, cutting text to size", () => {
    expect(parse({ type: "page", path: "/nc/p/table/T", pid: "p1" })).toEqual({
      type: "page",
      path: "/nc/p/table/T",
      pid: "p1",
    });
    expect(parse({ type: "page", path: "x".repeat(900), pid: "p1" })).toMatchObject({ path: "x".repeat(500) });
    expect(parse({ type: "editing", cell: { tableId: "t", rowId: 4, column: "Title" } })).toEqual({
      type: "editing",
      cell: { tableId: "t", rowId: "4", column: "Title" },
    });
    expect(parse({ type: "editing", cell: null })).toEqual({ type: "editing", cell: null });
    expect(parse({ type: "editing", cell: { rowId: 4 } })).toEqual({ type: "editing", cell: null });
    expect(parse({ type: "event", event: "e".repeat(150), data: { a: 1 }, path: "/x", pid: "p1" })).toMatchObject({
      type: "event",
      event: "e".repeat(100),
      data: { a: 1 },
      path: "/x",
    });
  });

  it("ignores ping, broken JSON, oversize frames and unknown shapes", () => {
    expect(parseClientMessage("ping")).toBeNull();
    expect(parseClientMessage("{oops")).toBeNull();
    expect(parseClientMessage(`{"type":"page","path":"${"x".repeat(64_001)}"}`)).toBeNull();
    expect(parse({ type: "shout" })).toBeNull();
    expect(parse([1, 2])).toBeNull();
  });
});
