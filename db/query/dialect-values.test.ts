import { describe, expect, it } from "vitest";
import { fromDialectValue, toDialectValue } from "./dialect-values";

describe("toDialectValue", () => {
  it("keeps the canonical form on sqlite and for NULL", () => {
    expect(toDialectValue("Checkbox", 1, "sqlite")).toBe(1);
    expect(toDialectValue("DateTime", "2024-03-15T08:30:00.000Z", "sqlite")).toBe("2024-03-15T08:30:00.000Z");
    expect(toDialectValue("Checkbox", null, "pg")).toBeNull();
  });

  it("binds booleans on pg and 0/1 on mysql", () => {
    expect(toDialectValue("Checkbox", 1, "pg")).toBe(true);
    expect(toDialectValue("Checkbox", 0, "pg")).toBe(false);
    expect(toDialectValue("Checkbox", 1, "mysql")).toBe(1);
  });

  it("binds instants as ISO on pg and zone-less UTC on mysql", () => {
    expect(toDialectValue("DateTime", "2024-03-15T08:30:00.000Z", "pg")).toBe("2024-03-15T08:30:00.000Z");
    expect(toDialectValue("CreateTime", "2024-03-15T08:30:00.123Z", "mysql")).toBe("2024-03-15 08:30:00.123");
    expect(toDialectValue("Date", "2024-03-15", "mysql")).toBe("2024-03-15");
    expect(toDialectValue("JSON", '{"a":1}', "pg")).toBe('{"a":1}');
  });
});

describe("fromDialectValue", () => {
  it("reads checkboxes", () => {
    for (const raw of [true, 1, "1", "t", "true", 1n, new Uint8Array([1])])
      expect(fromDialectValue("Checkbox", raw, "pg")).toBe(1);
    for (const raw of [false, 0, "0", "f", "false", new Uint8Array([0])])
      expect(fromDialectValue("Checkbox", raw, "mysql")).toBe(0);
    expect(fromDialectValue("Checkbox", null, "pg")).toBeNull();
  });

  it("reads numbers from pg bigint text", () => {
    expect(fromDialectValue("Number", "9007199254740991", "pg")).toBe(9007199254740991);
    expect(fromDialectValue("Decimal", "1.50", "mysql")).toBe(1.5);
    expect(fromDialectValue("ID", 12n, "pg")).toBe(12);
  });

  it("reads instants from Date objects and any timestamp text", () => {
    expect(fromDialectValue("DateTime", new Date("2024-03-15T08:30:00.000Z"), "pg")).toBe("2024-03-15T08:30:00.000Z");
    expect(fromDialectValue("DateTime", "2024-03-15 08:30:00.000", "mysql")).toBe("2024-03-15T08:30:00.000Z");
    expect(fromDialectValue("DateTime", "2024-03-15 10:30:00+02", "pg")).toBe("2024-03-15T08:30:00.000Z");
    expect(fromDialectValue("DateTime", "2024-03-15 08:30:00.123456+00", "pg")).toBe("2024-03-15T08:30:00.123Z");
  });

  it("reads dates from text and local-midnight Date objects", () => {
    expect(fromDialectValue("Date", "2024-03-15", "mysql")).toBe("2024-03-15");
    expect(fromDialectValue("Date", new Date(2024, 2, 15), "pg")).toBe("2024-03-15");
  });

  it("reads what tedious answers on SQL Server: bit as booleans, bigint as text, dates and times as UTC Date objects", () => {
    expect(fromDialectValue("Checkbox", true, "mssql")).toBe(1);
    expect(fromDialectValue("Checkbox", false, "mssql")).toBe(0);
    expect(fromDialectValue("Number", "9007199254740991", "mssql")).toBe(9007199254740991);
    expect(fromDialectValue("Decimal", 2.675, "mssql")).toBe(2.675);
    expect(fromDialectValue("DateTime", new Date("2024-02-29T23:59:59.999Z"), "mssql")).toBe(
      "2024-02-29T23:59:59.999Z",
    );
    // useUTC: a date is its UTC midnight and a time a UTC time of 1970-01-01, whatever the process's zone.
    expect(fromDialectValue("Date", new Date("2024-03-15T00:00:00.000Z"), "mssql")).toBe("2024-03-15");
    expect(fromDialectValue("Time", new Date("1970-01-01T10:30:00.000Z"), "mssql")).toBe("10:30:00");
    expect(fromDialectValue("SingleLineText", "Ünïcødé 🍕", "mssql")).toBe("Ünïcødé 🍕");
  });

  it("reads JSON objects back as compact text, and times without fractions", () => {
    expect(fromDialectValue("JSON", { a: [1, 2] }, "pg")).toBe('{"a":[1,2]}');
    expect(fromDialectValue("Attachment", "[]", "mysql")).toBe("[]");
    expect(fromDialectValue("Time", "10:30:00.000000", "pg")).toBe("10:30:00");
    expect(fromDialectValue("SingleLineText", new TextEncoder().encode("hé"), "mysql")).toBe("hé");
  });
});
