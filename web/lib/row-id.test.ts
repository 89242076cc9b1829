import { describe, expect, it } from "vitest";
import { idOfAnswer, isKeyTitle, keyBodyOf, keyPartOf, keySpecOf, keyTitles, rowIdOf, splitKey } from "./row-id";

const lineCols = [
  { title: "order_id", pk: true },
  { title: "line_no", pk: true },
  { title: "product", pk: false },
];
const line = { order_id: 1, line_no: 2, product: "ink" };

describe("row ids", () => {
  it("gives a one-column key's value as is", () => {
    const key = keySpecOf([{ title: "Id", pk: true }, { title: "Title" }]);
    expect(keyTitles(key)).toEqual(["Id"]);
    expect(rowIdOf({ Id: 7, Title: "a" }, key)).toBe(7);
    expect(keyBodyOf(7, key)).toEqual({ Id: 7 });
  });

  it("falls back to Id when no column is a key", () => {
    expect(keySpecOf([{ title: "Title" }])).toBe("Id");
  });

  it("joins a composite key's values with ___ in key order", () => {
    const key = keySpecOf(lineCols);
    expect(keyTitles(key)).toEqual(["order_id", "line_no"]);
    expect(rowIdOf(line, key)).toBe("1___2");
    expect(keyPartOf(line, key)).toEqual({ order_id: 1, line_no: 2 });
    expect(isKeyTitle(key, "line_no")).toBe(true);
    expect(isKeyTitle(key, "product")).toBe(false);
  });

  it("names a composite-key row in a bulk body by each key column", () => {
    const key = keySpecOf(lineCols);
    expect(keyBodyOf("1___2", key)).toEqual({ order_id: "1", line_no: "2" });
  });

  it("splits a write body into the row id and the values to set", () => {
    const key = keySpecOf(lineCols);
    expect(splitKey({ order_id: 1, line_no: 2, qty: 5 }, key)).toEqual({ id: "1___2", patch: { qty: 5 } });
    expect(splitKey({ Id: 3, Title: "b" }, "Id")).toEqual({ id: 3, patch: { Title: "b" } });
  });

  it("reads the id of an inserted row from the insert answer", () => {
    expect(idOfAnswer({ id: 9 })).toBe(9);
    expect(idOfAnswer({ order_id: 2, line_no: 3 })).toBe("2___3");
  });
});
