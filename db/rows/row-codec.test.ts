import { describe, expect, it } from "vitest";
import type { ColumnRow } from "../store/schema";
import { rowColumns, toApiRow, toStored } from "./row-codec";

const column = (id: string, title: string, columnName: string): ColumnRow => ({
  id,
  modelId: "md_1",
  title,
  columnName,
  uidt: "SingleLineText",
  dt: "TEXT",
  pk: 0,
  pv: 0,
  ai: 0,
  rqd: 0,
  unique: 0,
  system: 0,
  cdf: null,
  meta: "{}",
  colOptions: null,
  description: null,
  order: 1,
  createdAt: "",
  updatedAt: "",
});

describe("API rows", () => {
  it("keep a value keyed by a prototype's name as a plain property (no poisoning, no loss)", () => {
    // Titles like these are refused now, but a row object must never depend on that.
    const cols = rowColumns([column("cl_1", "__proto__", "proto"), column("cl_2", "Name", "name")]);
    const row = toApiRow(cols, { proto: "kept", name: "Ada" });
    expect(Object.keys(row)).toEqual(["__proto__", "Name"]);
    expect(row["__proto__"]).toBe("kept");
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(JSON.stringify(row)).toBe('{"__proto__":"kept","Name":"Ada"}');
    // What the project room's RPC does to it: the key survives as an own property.
    expect(Object.hasOwn(structuredClone(row), "__proto__")).toBe(true);
    const computed = toApiRow(cols, { name: "Ada" }, [["constructor", 1]]);
    expect(JSON.stringify(computed)).toBe('{"Name":"Ada","constructor":1}');
  });
});

describe("person columns", () => {
  const cols = rowColumns([
    column("cl_1", "Name", "name"),
    { ...column("cl_2", "Made by", "made_by"), uidt: "CreatedBy" },
    { ...column("cl_3", "Changed by", "changed_by"), uidt: "LastModifiedBy" },
  ]);
  const forged = { Name: "x", "Made by": "us_other", changed_by: "us_other" };

  it("take the caller on insert, whatever the body says", () => {
    expect(toStored(cols, forged, "insert", "2024-01-01T00:00:00.000Z", "us_me")).toEqual({
      name: "x",
      made_by: "us_me",
      changed_by: "us_me",
    });
  });
  it("keep the creator on update and take the caller as the modifier", () => {
    expect(toStored(cols, forged, "update", "2024-01-01T00:00:00.000Z", "us_me")).toEqual({
      name: "x",
      changed_by: "us_me",
    });
  });
  it("stay empty for a writer without an account", () => {
    expect(toStored(cols, { Name: "x" }, "insert", "2024-01-01T00:00:00.000Z", null)).toEqual({
      name: "x",
      made_by: null,
      changed_by: null,
    });
  });
});
