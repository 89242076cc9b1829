import { describe, expect, it } from "vitest";
import { patchFor } from "./patch";

describe("timeline writes", () => {
  const f = { start: "S", end: "E" };
  it("moves start and end together, keeping a time of day", () => {
    const row = { S: "2026-11-02 09:30:00+00:00", E: "2026-11-04" };
    expect(patchFor(row, { first: "2026-11-05", last: "2026-11-07" }, "move", f)).toEqual({
      patch: { S: "2026-11-05 09:30:00+00:00", E: "2026-11-07" },
      before: { S: "2026-11-02 09:30:00+00:00", E: "2026-11-04" },
    });
  });

  it("leaves an empty end empty on a move, and sets it when the end edge is dragged", () => {
    const row = { S: "2026-11-02", E: null };
    expect(patchFor(row, { first: "2026-11-03", last: "2026-11-03" }, "move", f).patch).toEqual({ S: "2026-11-03" });
    expect(patchFor(row, { first: "2026-11-02", last: "2026-11-05" }, "end", f)).toEqual({
      patch: { E: "2026-11-05" },
      before: { E: null },
    });
  });

  it("changes the start only from the start edge", () => {
    const row = { S: "2026-11-02", E: "2026-11-06" };
    expect(patchFor(row, { first: "2026-10-30", last: "2026-11-06" }, "start", f).patch).toEqual({ S: "2026-10-30" });
  });

  it("with a duration: a move keeps it, an edge changes it (the start edge keeps the end day)", () => {
    const d = { start: "S", duration: "D" };
    const row = { S: "2026-11-02", D: 3 };
    expect(patchFor(row, { first: "2026-11-04", last: "2026-11-06" }, "move", d).patch).toEqual({ S: "2026-11-04" });
    expect(patchFor(row, { first: "2026-11-02", last: "2026-11-08" }, "end", d)).toEqual({
      patch: { D: 7 },
      before: { D: 3 },
    });
    expect(patchFor(row, { first: "2026-10-31", last: "2026-11-04" }, "start", d).patch).toEqual({
      S: "2026-10-31",
      D: 5,
    });
  });
});
