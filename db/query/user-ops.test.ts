import { describe, expect, it } from "vitest";
import { compileWhere } from "./compile-where";
import { render } from "./sql";
import { col } from "./test-table";
import type { Dialect, QueryTable } from "./types";

const TABLE: QueryTable = { tableName: "t", columns: [col("Id", "ID", { pk: true }), col("Owner", "CreatedBy")] };
const compile = (where: string, d: Dialect, me: string | null) => {
  const frag = compileWhere(TABLE, where, { dialect: d, me });
  return frag && render(frag, d);
};

describe("person filters", () => {
  it("bind @me as the caller's id, never as text in the SQL", () => {
    for (const d of ["sqlite", "pg", "mysql"] as const) {
      const out = compile("(Owner,eq,@me)", d, "us_me'--")!;
      expect(out.params).toEqual(["us_me'--"]);
      expect(out.sql).not.toContain("us_me");
    }
    expect(compile("(Owner,anyof,@me,us_2)", "sqlite", "us_1")!.params).toEqual(["us_1", "us_2"]);
  });
  it("match nobody for @me without a caller, and leave an empty list out", () => {
    expect(compile("(Owner,eq,@me)", "sqlite", null)).toEqual({ sql: "1 = 0", params: [] });
    expect(compile("(Owner,neq,@me)", "sqlite", null)!.sql).toContain("NOT (1 = 0)");
    expect(compile("(Owner,anyof,,)", "sqlite", "us_1")).toBeNull();
  });
  it("refuse a NUL in a value and operators a person does not take", () => {
    expect(() => compile("(Owner,eq,a\u0000b)", "pg", null)).toThrow("NUL");
    expect(() => compile("(Owner,like,ada)", "sqlite", null)).toThrow(
      "'like' is not supported for 'Owner' (CreatedBy)",
    );
  });
});
