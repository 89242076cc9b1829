import { describe, expect, it } from "vitest";
import type { TableAccessJson } from "../../../api/access-api";
import type { Column } from "../../../api/types";
import { addNode, condition, group } from "../../../views/grid/logic/filter-tree-edits";
import {
  accessBody,
  accessFields,
  draftFrom,
  ruleColumns,
  sameAccess,
  setMode,
  setRule,
  unfinishedRules,
} from "./access-draft";

const col = (id: string, uidt: Column["uidt"], extra: Partial<Column> = {}): Column => ({
  id,
  title: id,
  column_name: id,
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
  ...extra,
});
const columns = [
  col("Id", "ID", { pk: true, system: true }),
  col("Title", "SingleLineText", { pv: true }),
  col("Notes", "LongText"),
  col("Creator", "CreatedBy"),
  col("Due", "Date"),
  col("Twice", "Formula", { filter_uidt: "Number" }),
  col("created_at", "CreateTime", { system: true }),
];
const editable = Object.fromEntries(columns.filter((c) => !c.system || c.pk).map((c) => [c.id, "editable" as const]));
const answer = (over: Partial<TableAccessJson["roles"]> = {}): TableAccessJson => ({
  roles: {
    editor: { fields: { ...editable }, row_rule: null },
    commenter: { fields: { ...editable }, row_rule: null },
    viewer: { fields: { ...editable }, row_rule: null },
    ...over,
  },
});

describe("access panel model", () => {
  it("lists the fields the server reports, and offers only stored fields to a rule", () => {
    expect(accessFields(columns, answer()).map((c) => c.id)).toEqual([
      "Id",
      "Title",
      "Notes",
      "Creator",
      "Due",
      "Twice",
    ]);
    expect(ruleColumns(columns).map((c) => c.id)).toEqual(["Id", "Title", "Notes", "Creator", "Due"]);
  });

  it("saves nothing narrowed for an untouched table", () => {
    const body = accessBody(draftFrom(answer()), columns);
    expect(body).toEqual({
      roles: {
        editor: { fields: {}, row_rule: null },
        commenter: { fields: {}, row_rule: null },
        viewer: { fields: {}, row_rule: null },
      },
    });
  });

  it("sends the modes set and the rule 'Creator is @me' in the filterArrJson shape", () => {
    let draft = setMode(draftFrom(answer()), "viewer", "Notes", "hidden");
    draft = setMode(draft, "commenter", "Due", "read-only");
    draft = setRule(draft, "editor", addNode([], null, { ...condition("and", "Creator"), op: "eq", value: "@me" }));
    const body = accessBody(draft, columns);
    expect(body.roles.viewer).toEqual({ fields: { Notes: "hidden" }, row_rule: null });
    expect(body.roles.commenter).toEqual({ fields: { Due: "read-only" }, row_rule: null });
    expect(body.roles.editor).toEqual({
      fields: {},
      row_rule: [
        { fk_column_id: "Creator", comparison_op: "eq", comparison_sub_op: null, value: "@me", logical_op: "and" },
      ],
    });
  });

  it("never narrows the primary key or the display field, and drops unknown fields", () => {
    let draft = setMode(draftFrom(answer()), "viewer", "Title", "hidden");
    draft = setMode(draft, "viewer", "Id", "read-only");
    draft = setMode(draft, "viewer", "gone", "hidden");
    expect(accessBody(draft, columns).roles.viewer!.fields).toEqual({});
  });

  it("reads a saved rule back into the builder, groups and date sub-operators included", () => {
    const saved = answer({
      viewer: {
        fields: { ...editable, Notes: "hidden" },
        row_rule: [
          { fk_column_id: "Creator", comparison_op: "eq", value: "@me", logical_op: "and" },
          {
            is_group: true,
            logical_op: "or",
            children: [
              { fk_column_id: "Due", comparison_op: "isWithin", comparison_sub_op: "pastWeek", logical_op: "or" },
              { fk_column_id: "Title", comparison_op: "like", value: "x", logical_op: "or" },
            ],
          },
        ],
      },
    });
    const draft = draftFrom(saved);
    expect(draft.viewer.rule[1]!.isGroup).toBe(true);
    expect(draft.viewer.rule[1]!.children.map((c) => c.subOp ?? c.value)).toEqual(["pastWeek", "x"]);
    const body = accessBody(draft, columns);
    expect(body.roles.viewer!.fields).toEqual({ Notes: "hidden" });
    expect(body.roles.viewer!.row_rule).toEqual([
      { fk_column_id: "Creator", comparison_op: "eq", comparison_sub_op: null, value: "@me", logical_op: "and" },
      {
        is_group: true,
        logical_op: "or",
        children: [
          {
            fk_column_id: "Due",
            comparison_op: "isWithin",
            comparison_sub_op: "pastWeek",
            value: null,
            logical_op: "or",
          },
          { fk_column_id: "Title", comparison_op: "like", comparison_sub_op: null, value: "x", logical_op: "or" },
        ],
      },
    ]);
    // Read back and saved again unchanged: nothing to save.
    expect(sameAccess(draft, draftFrom(saved), columns)).toBe(true);
    expect(sameAccess(setMode(draft, "viewer", "Notes", "editable"), draft, columns)).toBe(false);
  });

  it("holds back a rule with an unfinished condition instead of dropping it (that would widen access)", () => {
    const g = group("and");
    let rule = addNode([], null, g);
    rule = addNode(rule, g.key, { ...condition("and", "Creator"), op: "eq" });
    const draft = setRule(draftFrom(answer()), "commenter", rule);
    expect(unfinishedRules(draft, columns)).toEqual(["commenter"]);
    // A computed field is not a field a rule may name.
    const computed = setRule(
      draft,
      "commenter",
      addNode([], null, { ...condition("and", "Twice"), op: "eq", value: "2" }),
    );
    expect(unfinishedRules(computed, columns)).toEqual(["commenter"]);
    // An empty group is no condition at all.
    expect(unfinishedRules(setRule(draft, "commenter", [group("and")]), columns)).toEqual([]);
  });
});
