import { describe, expect, it } from "vitest";
import { cleanName, columnNames, fileTableName, sheetNames, uniqueNames } from "./names";

describe("cleanName", () => {
  it("replaces each special character with an underscore", () => {
    expect(cleanName("Price ($)")).toBe("Price ___");
    expect(cleanName("a.b/c\\d")).toBe("a_b_c_d");
    expect(cleanName("e-mail_address")).toBe("e-mail_address");
  });
  it("keeps letters and digits of any script, trims, and cuts to 255", () => {
    expect(cleanName("  Prénom 名前 ١٢ ")).toBe("Prénom 名前 ١٢");
    expect(cleanName("x".repeat(300))).toHaveLength(255);
  });
});

describe("uniqueNames", () => {
  it("gives duplicates numeric suffixes, ignoring case", () => {
    expect(uniqueNames(["Name", "name", "NAME", "Other"], (n) => `f${n}`)).toEqual([
      "Name",
      "name_1",
      "NAME_2",
      "Other",
    ]);
  });
  it("skips suffixes already taken", () => {
    expect(uniqueNames(["a", "a", "a_1"], (n) => `f${n}`)).toEqual(["a", "a_1", "a_1_1"]);
  });
  it("names that clean to the same text are duplicates", () => {
    expect(uniqueNames(["a.b", "a/b"], (n) => `f${n}`)).toEqual(["a_b", "a_b_1"]);
  });
});

describe("columnNames", () => {
  it("names missing headers field_N by position", () => {
    expect(columnNames(["Name", "", null, "  ", "Age"])).toEqual(["Name", "field_2", "field_3", "field_4", "Age"]);
  });
  it("treats the system columns as taken", () => {
    expect(columnNames(["Id", "createdat", "UpdatedAt", "Title"])).toEqual([
      "Id_1",
      "createdat_1",
      "UpdatedAt_1",
      "Title",
    ]);
  });
});

describe("sheetNames and fileTableName", () => {
  it("cleans sheet names, names blank ones sheet_N, and avoids existing tables", () => {
    expect(sheetNames(["Sales 2024", "Q1/Q2", "", "sales 2024"], ["Customers"])).toEqual([
      "Sales 2024",
      "Q1_Q2",
      "sheet_3",
      "sales 2024_1",
    ]);
    expect(sheetNames(["Customers"], ["customers"])).toEqual(["Customers_1"]);
  });
  it("takes the file name without its extension", () => {
    expect(fileTableName("orders.2024.csv")).toBe("orders_2024");
    expect(fileTableName("C:\\data\\people.xlsx", ["people"])).toBe("people_1");
    expect(fileTableName(".csv")).toBe("table_1");
  });
});
