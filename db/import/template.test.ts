import { describe, expect, it } from "vitest";
import { createTableBody, templateTable } from "./template";

describe("import template", () => {
  it("cleans names, keeps the source names and detects types from the sample", () => {
    const t = templateTable(
      "People",
      "people.csv",
      ["Name", "E-mail?", "", "Name"],
      [
        ["Ann", "ann@example.com", "1", "x"],
        ["Bob", "bob@example.com", "2.5", "y"],
      ],
    );
    expect(t.table_name).toBe("People");
    expect(t.ref_table_name).toBe("people.csv");
    expect(t.columns.map((c) => [c.column_name, c.ref_column_name, c.uidt])).toEqual([
      ["Name", "Name", "SingleLineText"],
      ["E-mail_", "E-mail?", "Email"],
      ["field_3", "", "Decimal"],
      ["Name_1", "Name", "SingleLineText"],
    ]);
    expect(t.columns[2]!.meta).toEqual({ precision: 1 });
  });
  it("records JSON key paths", () => {
    const t = templateTable("T", "t.json", ["a.b", "c"], [[1, 2]], true);
    expect(t.columns.map((c) => c.path)).toEqual([["a", "b"], ["c"]]);
  });
  it("becomes the table-create body", () => {
    const t = templateTable("T", "t.csv", ["S"], [["a"], ["a"]]);
    expect(createTableBody(t)).toEqual({
      table_name: "T",
      title: "T",
      columns: [{ title: "S", column_name: "S", uidt: "SingleSelect", colOptions: { options: [{ title: "a" }] } }],
    });
  });
});
