import { describe, expect, it } from "vitest";
import { searchTree, searchWhereText } from "./search";
import { EVERY_TYPE } from "./test-table";

const byColumn = (query: string, fields?: string[]) => {
  const tree = searchTree(EVERY_TYPE, { query, ...(fields ? { fields } : {}) });
  if (!tree || tree.type !== "group") return tree;
  return Object.fromEntries(
    tree.children.map((c) => (c.type === "cond" ? [c.column, `${c.logicalOp} ${c.op} ${c.value}`] : ["?", ""])),
  );
};

describe("search", () => {
  it("is no filter for an empty query", () => {
    expect(searchTree(EVERY_TYPE, { query: "  " })).toBeNull();
  });

  it("uses like on text fields and eq where the query is a value", () => {
    expect(byColumn("42")).toEqual({
      SingleLineText: "or like %42%",
      LongText: "or like %42%",
      MultiSelect: "or like %42%",
      SingleSelect: "or like %42%",
      PhoneNumber: "or like %42%",
      Email: "or like %42%",
      URL: "or like %42%",
      Geometry: "or like %42%",
      SpecificDBType: "or like %42%",
      Number: "or eq 42",
      Decimal: "or eq 42",
      Currency: "or eq 42",
      Percent: "or eq 42",
      Duration: "or eq 42",
      ID: "or eq 42",
      ForeignKey: "or eq 42",
    });
    expect(byColumn("yes", ["Checkbox", "Number"])).toEqual({ Checkbox: "or eq yes" });
    expect(byColumn("2024-03-15", ["Date", "DateTime", "Attachment"])).toEqual({
      Date: "or eq 2024-03-15",
      DateTime: "or eq 2024-03-15",
      Attachment: "or like %2024-03-15%",
    });
  });

  it("never matches when no column can hold the query", () => {
    expect(searchTree(EVERY_TYPE, { query: "abc", fields: ["Number"] })).toEqual({
      type: "const",
      logicalOp: "and",
      value: false,
    });
  });

  it("refuses unknown fields", () => {
    expect(() => searchTree(EVERY_TYPE, { query: "x", fields: ["Nope"] })).toThrow("Column 'Nope' not found in search");
  });

  it("writes SPEC 7's text for one field", () => {
    const [text, number] = [
      EVERY_TYPE.columns.find((c) => c.uidt === "Email")!,
      EVERY_TYPE.columns.find((c) => c.uidt === "Number")!,
    ];
    expect(searchWhereText(text, "ab")).toBe("(Email,like,%ab%)");
    expect(searchWhereText(number, "12")).toBe("(Number,eq,12)");
  });
});
