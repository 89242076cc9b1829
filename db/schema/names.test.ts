import { describe, expect, it } from "vitest";
import { checkColumnTitle, checkTableTitle, physicalName, quoteIdent } from "./names";

describe("table names", () => {
  it("lists every forbidden character found", () => {
    expect(() => checkTableTitle("a.b/c")).toThrow("The following characters are not allowed: . /");
    expect(() => checkTableTitle("back\\slash")).toThrow("The following characters are not allowed: \\");
  });
  it("requires a name without surrounding whitespace", () => {
    expect(() => checkTableTitle("")).toThrow("Table name is required");
    expect(() => checkTableTitle(" x")).toThrow("Leading or trailing whitespace");
    expect(checkTableTitle("Customers 2024")).toBe("Customers 2024");
  });
});

describe("physical names", () => {
  it("sanitises titles and keeps them unique", () => {
    expect(physicalName("Order Items!", [], "table")).toBe("order_items");
    expect(physicalName("Order Items", ["order_items"], "table")).toBe("order_items_1");
    expect(physicalName("日本", [], "field")).toBe("field");
    expect(physicalName("2024 sales", [], "table")).toBe("table_2024_sales");
    expect(physicalName("sqlite_master", [], "table")).toBe("t_sqlite_master");
  });
  it("quotes identifiers with embedded quotes", () => {
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });
});

describe("titles that would reach a prototype or break a line", () => {
  it("refuses __proto__, prototype and constructor as table and field titles", () => {
    for (const t of ["__proto__", "prototype", "constructor"]) {
      expect(() => checkTableTitle(t)).toThrow(`Table name '${t}' is reserved`);
      expect(() => checkColumnTitle(t)).toThrow(`Column name '${t}' is reserved`);
    }
    expect(checkColumnTitle("Constructor")).toBe("Constructor");
  });
  it("refuses NUL, CR and LF", () => {
    for (const t of ["a\u0000b", "a\rb", "a\nb"]) {
      expect(() => checkTableTitle(t)).toThrow("control characters");
      expect(() => checkColumnTitle(t)).toThrow("control characters");
    }
  });
});
