import { describe, expect, it } from "vitest";
import { compileWhere, render, type QueryTable, type WhereNode } from "../query";
import { expandMe } from "./me";

const table: QueryTable = {
  tableName: "t",
  columns: [
    { id: "c1", title: "Owner", columnName: "owner", uidt: "SingleLineText", options: {} },
    { id: "c2", title: "By", columnName: "by", uidt: "CreatedBy", options: {} },
  ],
};
const cond = (column: string, op: string, value: string): WhereNode => ({
  type: "cond",
  logicalOp: "and",
  column,
  op,
  value,
});
const me = { userId: "us_1", email: "a@example.com" };
const compiled = (node: WhereNode | null) =>
  render(compileWhere(table, node, { dialect: "sqlite", me: me.userId })!, "sqlite");

describe("@me in row rules", () => {
  it("matches the reader's id or e-mail on a text field", () => {
    const out = compiled(expandMe(cond("Owner", "eq", "@me"), me));
    expect(out.params).toEqual(["us_1", "a@example.com"]);
    expect(out.sql).toContain(" OR ");
  });

  it("'is not @me' means neither the id nor the e-mail", () => {
    const out = compiled(expandMe(cond("Owner", "neq", "@me"), me));
    expect(out.params.filter((p) => p === "us_1" || p === "a@example.com")).toHaveLength(2);
    expect(out.sql).toContain(") AND (");
  });

  it("a reader without an identity matches no @me (never the empty value)", () => {
    const out = compiled(expandMe(cond("Owner", "eq", "@me"), { userId: "", email: "" }));
    expect(out.params).not.toContain("");
  });

  it("an anonymous reader matches no @me condition, not even 'is not @me' or one on a person field", () => {
    const nobody = { userId: "", email: "" };
    for (const node of [cond("Owner", "neq", "@me"), cond("Owner", "eq", "@me"), cond("By", "neq", "@me")]) {
      const out = render(
        compileWhere(
          table,
          expandMe(node, nobody, (t) => t === "By"),
          { dialect: "sqlite" },
        )!,
        "sqlite",
      );
      expect(out.sql).toContain("1 = 0");
      expect(out.params).toEqual([]);
    }
  });

  it("leaves @me on person fields to the compiler (their values are ids)", () => {
    const node = cond("By", "eq", "@me");
    expect(expandMe(node, me, (t) => t === "By")).toBe(node);
    expect(compiled(node).params).toContain("us_1");
  });

  it("keeps other values and walks groups", () => {
    const tree: WhereNode = {
      type: "group",
      logicalOp: "and",
      children: [cond("Owner", "eq", "x"), cond("Owner", "eq", "@me")],
    };
    const out = expandMe(tree, me) as Extract<WhereNode, { type: "group" }>;
    expect(out.children[0]).toEqual(cond("Owner", "eq", "x"));
    expect(out.children[1]!.type).toBe("group");
  });
});
