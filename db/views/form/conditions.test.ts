import { describe, expect, it } from "vitest";
import { conditionMatches, groupHolds, visibleQuestions, type Answer } from "./conditions";
import type { FormCondition, FormConditionGroup } from "./rules";

const c = (
  comparison_op: FormCondition["comparison_op"],
  value?: FormCondition["value"],
  comparison_sub_op?: string,
): FormCondition => ({ fk_column_id: "x", comparison_op, value, comparison_sub_op });
const now = new Date("2026-11-25T10:00:00Z");
const m = (cond: FormCondition, kind: Answer["kind"], value: unknown) => conditionMatches(cond, { kind, value }, now);

describe("form conditions: the views' filter operators on answers", () => {
  it("compares text and selects ignoring case, with like, in and the not-operators matching an empty answer", () => {
    expect(m(c("eq", "yes"), "select", "Yes")).toBe(true);
    expect(m(c("eq", "yes"), "select", "No")).toBe(false);
    expect(m(c("neq", "yes"), "select", null)).toBe(true);
    expect(m(c("eq", "yes"), "select", null)).toBe(false);
    expect(m(c("like", "ell"), "text", "Hello")).toBe(true);
    expect(m(c("nlike", "ell"), "text", "Hi")).toBe(true);
    expect(m(c("in", "a,b"), "select", "B")).toBe(true);
    expect(m(c("anyof", "a,c"), "select", "c")).toBe(true);
  });
  it("tests emptiness and checkboxes", () => {
    expect(m(c("blank"), "text", "  ")).toBe(true);
    expect(m(c("notblank"), "text", "x")).toBe(true);
    expect(m(c("checked"), "checkbox", true)).toBe(true);
    expect(m(c("notchecked"), "checkbox", false)).toBe(true);
    expect(m(c("eq", "true"), "checkbox", true)).toBe(true);
    expect(m(c("eq", true), "checkbox", false)).toBe(false);
  });
  it("compares numbers as numbers (text from the form too) and between two bounds", () => {
    expect(m(c("gt", "9"), "number", 10)).toBe(true);
    expect(m(c("gt", "9"), "number", "10")).toBe(true); // "10" > "9" is false as text
    expect(m(c("lte", 5), "number", 6)).toBe(false);
    expect(m(c("btw", "1,5"), "number", 5)).toBe(true);
    expect(m(c("nbtw", "1,5"), "number", 6)).toBe(true);
    expect(m(c("gt", 1), "number", null)).toBe(false);
  });
  it("takes multi-select sets for allof, anyof and eq", () => {
    expect(m(c("allof", "a,b"), "multi", "b,a,c")).toBe(true);
    expect(m(c("allof", "a,d"), "multi", "a,b")).toBe(false);
    expect(m(c("nanyof", "x"), "multi", "a,b")).toBe(true);
    expect(m(c("eq", "b,a"), "multi", "a,b")).toBe(true);
  });
  it("takes date sub-operators relative to today", () => {
    expect(m(c("eq", "", "today"), "date", "2026-11-25")).toBe(true);
    expect(m(c("lt", "", "today"), "date", "2026-11-24")).toBe(true);
    expect(m(c("gt", "2026-12-01"), "date", "2026-11-25")).toBe(false);
    expect(m(c("isWithin", "", "pastWeek"), "date", "2026-11-20")).toBe(true);
    expect(m(c("isWithin", "", "nextNumberOfDays"), "date", "2026-11-26")).toBe(null); // no number yet: ignored
    expect(m(c("eq", "2026-11-25"), "datetime", "2026-11-25T18:30:00.000Z")).toBe(true);
  });
  it("ignores a condition without a value and groups conditions with and/or", () => {
    expect(m(c("eq", ""), "text", "x")).toBe(null);
    const answers: Record<string, Answer> = { a: { kind: "select", value: "Yes" }, b: { kind: "number", value: 3 } };
    const g = (logical_op: "and" | "or", children: FormConditionGroup["children"]): FormConditionGroup => ({
      is_group: true,
      logical_op,
      children,
    });
    const eqA = { fk_column_id: "a", comparison_op: "eq", value: "Yes" } as FormCondition;
    const gtB = { fk_column_id: "b", comparison_op: "gt", value: 5 } as FormCondition;
    expect(groupHolds(g("and", [eqA, gtB]), (id) => answers[id]!, now)).toBe(false);
    expect(groupHolds(g("or", [eqA, gtB]), (id) => answers[id]!, now)).toBe(true);
    expect(groupHolds(g("and", [eqA, g("or", [gtB, { ...gtB, value: 1 }])]), (id) => answers[id]!, now)).toBe(true);
    expect(groupHolds(g("and", [{ ...eqA, value: "" }]), (id) => answers[id]!, now)).toBe(true);
  });
  it("shows a question only on earlier answers, and a hidden question's answer counts as empty further on", () => {
    const when = (col: string, value: string): FormConditionGroup => ({
      is_group: true,
      logical_op: "and",
      children: [{ fk_column_id: col, comparison_op: "eq", value }],
    });
    const qs = [
      { columnId: "kind", kind: "select" as const, visibility: null },
      { columnId: "company", kind: "text" as const, visibility: when("kind", "Business") },
      {
        columnId: "vat",
        kind: "text" as const,
        visibility: {
          is_group: true as const,
          logical_op: "and" as const,
          children: [{ fk_column_id: "company", comparison_op: "notblank" as const }],
        },
      },
      { columnId: "early", kind: "text" as const, visibility: when("late", "x") },
      { columnId: "late", kind: "text" as const, visibility: null },
    ];
    const values: Record<string, unknown> = { kind: "Private", company: "ACME", late: "x" };
    expect([...visibleQuestions(qs, (id) => values[id], now)]).toEqual(["kind", "late"]);
    values.kind = "Business";
    expect([...visibleQuestions(qs, (id) => values[id], now)]).toEqual(["kind", "company", "vat", "late"]);
  });
});
