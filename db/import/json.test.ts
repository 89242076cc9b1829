import { describe, expect, it } from "vitest";
import { flattenRecord, jsonCell, jsonTable, parseJsonSource } from "./json";

describe("JSON sources", () => {
  it("accepts an array of objects, with keys in order of first appearance", () => {
    const t = jsonTable(
      [
        { a: 1, b: "x" },
        { c: true, a: 2 },
      ],
      false,
    );
    expect(t.keys).toEqual(["a", "b", "c"]);
    expect(t.rows).toEqual([
      [1, "x", null],
      [2, null, true],
    ]);
  });
  it("accepts a single object as one row", () => {
    expect(jsonTable({ a: 1 }, false)).toEqual({ keys: ["a"], rows: [[1]] });
  });
  it("keeps nested objects as JSON cells unless flattened", () => {
    const doc = [{ id: 1, address: { city: "Oslo", geo: { lat: 1 } }, tags: ["a"] }];
    expect(jsonTable(doc, false).rows[0]).toEqual([1, { json: { city: "Oslo", geo: { lat: 1 } } }, { json: ["a"] }]);
    const flat = jsonTable(doc, true);
    expect(flat.keys).toEqual(["id", "address.city", "address.geo.lat", "tags"]);
    expect(flat.rows[0]).toEqual([1, "Oslo", 1, { json: ["a"] }]);
  });
  it("flattens only non-empty plain objects", () => {
    expect(flattenRecord({ a: {}, b: { c: null } })).toEqual({ a: {}, "b.c": null });
  });
  it("maps values to cells", () => {
    const d = new Date(0);
    expect([null, undefined, "s", 1, false, d].map(jsonCell)).toEqual([null, null, "s", 1, false, d]);
  });
  it("refuses text that is not JSON, and documents that are not objects", () => {
    expect(() => parseJsonSource("{oops", false)).toThrow(expect.objectContaining({ code: "notJson" }));
    expect(() => parseJsonSource("[1, 2]", false)).toThrow(expect.objectContaining({ code: "notObjects" }));
    expect(() => parseJsonSource('"text"', false)).toThrow(expect.objectContaining({ code: "notObjects" }));
    expect(parseJsonSource('\ufeff[{"a":1}]', false).rows).toEqual([[1]]);
  });
});
