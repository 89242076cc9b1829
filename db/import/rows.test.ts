import { describe, expect, it } from "vitest";
import {
  buildRow,
  compileColumns,
  isRequiredWithoutDefault,
  missingRequiredMessage,
  unmappedRequired,
  type ImportColumn,
} from "./rows";

function compiled(cols: ImportColumn[]) {
  const res = compileColumns(cols);
  if (!res.ok) throw new Error(res.error);
  return res.value;
}

describe("buildRow", () => {
  const cols = compiled([
    { source: 0, title: "Name", uidt: "SingleLineText" },
    { source: 1, title: "Age", uidt: "Number" },
    { source: 2, title: "Done", uidt: "Checkbox" },
    { source: 3, title: "Tags", uidt: "MultiSelect", settings: { options: [{ title: "a" }, { title: "b" }] } },
    { source: 4, title: "Due", uidt: "Date", settings: { date_format: "DD/MM/YYYY" } },
  ]);

  it("turns text into API values through the field types, keyed by title", () => {
    expect(buildRow(["Ann", "1,200", "yes", "b, a", "02/01/2024"], cols)).toEqual({
      ok: true,
      value: { Name: "Ann", Age: 1200, Done: true, Tags: "a,b", Due: "2024-01-02" },
    });
  });
  it("leaves blank values out", () => {
    expect(buildRow(["Ann", "", null, "", ""], cols)).toEqual({ ok: true, value: { Name: "Ann" } });
  });
  it("fails the row with the type's message", () => {
    expect(buildRow(["Ann", "many"], cols)).toEqual({ ok: false, error: 'Age: "many" is not a number' });
    expect(buildRow(["Ann", "", "", "c"], cols)).toMatchObject({
      ok: false,
      error: expect.stringContaining("is not an option"),
    });
  });
  it("reads spreadsheet numbers by value and text targets by display text", () => {
    const c = compiled([
      { source: 0, title: "Price", uidt: "Currency" },
      { source: 0, title: "Shown", uidt: "SingleLineText" },
      { source: 1, title: "Day", uidt: "Date" },
      { source: 2, title: "Data", uidt: "JSON" },
    ]);
    expect(buildRow([{ n: 1200.5, w: "$1,200.50" }, { d: "2024-01-02", w: "1/2/24" }, { json: { a: 1 } }], c)).toEqual({
      ok: true,
      value: { Price: 1200.5, Shown: "$1,200.50", Day: "2024-01-02", Data: { a: 1 } },
    });
  });
  it("checks required columns only when asked", () => {
    expect(buildRow(["", "3"], cols, ["Name", "Done"])).toEqual({
      ok: false,
      error: "Missing required columns: Name, Done",
    });
    expect(buildRow(["", "3"], cols).ok).toBe(true);
    expect(buildRow(["Ann", "3", "no"], cols, ["Name", "Done"]).ok).toBe(true);
  });
  it("refuses invalid settings when compiling", () => {
    expect(
      compileColumns([
        { source: 0, title: "S", uidt: "SingleSelect", settings: { options: [{ title: "a" }, { title: "a" }] } },
      ]),
    ).toEqual({
      ok: false,
      error: "S: Duplicates are not allowed!",
    });
  });
});

describe("required columns", () => {
  it("follows SPEC 5's required-without-value rule", () => {
    expect(isRequiredWithoutDefault({ title: "A", rqd: true, cdf: null })).toBe(true);
    expect(isRequiredWithoutDefault({ title: "A", rqd: 1, cdf: "x" })).toBe(false);
    expect(isRequiredWithoutDefault({ title: "A", rqd: true, ai: true })).toBe(false);
    expect(isRequiredWithoutDefault({ title: "A", rqd: true, meta: { ag: "nc" } })).toBe(false);
    expect(isRequiredWithoutDefault({ title: "A", rqd: true, meta: '{"ag":"nc"}' })).toBe(false);
    expect(isRequiredWithoutDefault({ title: "A", rqd: false })).toBe(false);
  });
  it("lists the required columns a mapping leaves out, and words the message", () => {
    const table = [
      { title: "Id", rqd: true, ai: true, pk: true },
      { title: "Name", rqd: true },
      { title: "Code", rqd: true },
      { title: "Note" },
    ];
    expect(unmappedRequired(table, ["Name"])).toEqual(["Code"]);
    expect(missingRequiredMessage(["a", "b"])).toBe("Missing required columns: a, b");
  });
});
