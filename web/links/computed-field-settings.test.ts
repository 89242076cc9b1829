import { describe, expect, it } from "vitest";
import { columnResolver, validateFormula } from "../../db/formula";
import type { Column, TableMeta } from "../api/types";
import {
  canBecome,
  fittingRollup,
  formulaInputs,
  formulaRawOf,
  linkColumns,
  rollupFunctionsFor,
  takesRequired,
  targetColumns,
} from "./computed-field-settings";
import { virtualPayload, virtualProblem } from "../fields/computed-payload";

const col = (over: Partial<Column>): Column => ({
  id: "cl_x",
  title: "T",
  column_name: null,
  uidt: "SingleLineText",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: null,
  ...over,
});
const meta = (id: string, columns: Column[]): TableMeta => ({
  id,
  title: id,
  table_name: id,
  order: 1,
  views: [],
  columns,
});

describe("virtual field payloads", () => {
  it("send a new link's table and relation at the top level, has-many unless chosen", () => {
    expect(virtualPayload("LinkToAnotherRecord", "Orders", { fk_related_model_id: "md_2", type: "mm" })).toEqual({
      title: "Orders",
      column_name: "Orders",
      uidt: "LinkToAnotherRecord",
      childId: "md_2",
      type: "mm",
    });
    expect(virtualPayload("LinkToAnotherRecord", "Orders", { fk_related_model_id: "md_2" })).toMatchObject({
      type: "hm",
    });
  });

  it("send lookups, rollups and formulas", () => {
    expect(virtualPayload("Lookup", "Items", { fk_relation_column_id: "cl_l", fk_lookup_column_id: "cl_i" })).toEqual({
      title: "Items",
      column_name: "Items",
      uidt: "Lookup",
      fk_relation_column_id: "cl_l",
      fk_lookup_column_id: "cl_i",
    });
    expect(
      virtualPayload("Rollup", "Total", {
        fk_relation_column_id: "cl_l",
        fk_rollup_column_id: "cl_a",
        rollup_function: "sum",
      }),
    ).toMatchObject({ fk_rollup_column_id: "cl_a", rollup_function: "sum" });
    expect(virtualPayload("Formula", "F", { formula_raw: "1 + 1", formula: "x" })).toEqual({
      title: "F",
      column_name: "F",
      uidt: "Formula",
      formula_raw: "1 + 1",
    });
  });

  it("edit only the name, a formula's text and a belongs-to's required flag", () => {
    const link = col({ uidt: "LinkToAnotherRecord", colOptions: { type: "bt", fk_related_model_id: "md_2" } });
    expect(virtualPayload("LinkToAnotherRecord", "Buyer", link.colOptions!, link, true)).toEqual({
      title: "Buyer",
      uidt: "LinkToAnotherRecord",
      rqd: true,
    });
    const hm = col({ uidt: "LinkToAnotherRecord", colOptions: { type: "hm" } });
    expect(virtualPayload("LinkToAnotherRecord", "Orders", {}, hm, true)).toEqual({
      title: "Orders",
      uidt: "LinkToAnotherRecord",
    });
    expect(virtualPayload("Formula", "F", { formula_raw: "2" }, col({ uidt: "Formula" }))).toEqual({
      title: "F",
      uidt: "Formula",
      formula_raw: "2",
    });
    expect(virtualPayload("Rollup", "R", { rollup_function: "max" }, col({ uidt: "Rollup" }))).toEqual({
      title: "R",
      uidt: "Rollup",
    });
  });

  it("name what is missing", () => {
    expect(virtualProblem("LinkToAnotherRecord", {})).toBe("links.editor.needTable");
    expect(virtualProblem("LinkToAnotherRecord", { fk_related_model_id: "md_2" })).toBeNull();
    expect(virtualProblem("Lookup", {})).toBe("links.editor.needLink");
    expect(virtualProblem("Lookup", { fk_relation_column_id: "a" })).toBe("links.editor.needField");
    expect(virtualProblem("Rollup", { fk_relation_column_id: "a", fk_rollup_column_id: "b" })).toBe(
      "links.editor.needFunction",
    );
    expect(
      virtualProblem("Rollup", { fk_relation_column_id: "a", fk_rollup_column_id: "b", rollup_function: "avg" }),
    ).toBeNull();
    expect(virtualProblem("Formula", { formula_raw: "  " })).toBe("links.formula.needFormula");
  });
});

describe("the field editor", () => {
  it("keeps stored fields stored and computed fields as they are", () => {
    expect(canBecome(null, "Formula")).toBe(true);
    expect(canBecome(col({ uidt: "Number" }), "Decimal")).toBe(true);
    expect(canBecome(col({ uidt: "Number" }), "Formula")).toBe(false);
    expect(canBecome(col({ uidt: "Formula" }), "Formula")).toBe(true);
    expect(canBecome(col({ uidt: "Lookup" }), "Rollup")).toBe(false);
  });

  it("offers Required for stored fields and an existing belongs-to link", () => {
    expect(takesRequired("Number")).toBe(true);
    expect(takesRequired("Formula")).toBe(false);
    // Types the server fills offer no "Required" (issue 33.11).
    for (const uidt of ["CreatedBy", "LastModifiedBy", "CreateTime"]) expect(takesRequired(uidt)).toBe(false);
    expect(takesRequired("LinkToAnotherRecord")).toBe(false);
    const bt = col({ uidt: "LinkToAnotherRecord", colOptions: { type: "bt" } });
    expect(takesRequired("LinkToAnotherRecord", bt)).toBe(true);
    expect(takesRequired("LinkToAnotherRecord", { ...bt, colOptions: { type: "hm" } })).toBe(false);
  });
});

describe("lookup and rollup choices", () => {
  it("offer sum and avg only for number fields", () => {
    expect(rollupFunctionsFor("Decimal")).toEqual([
      "count",
      "sum",
      "avg",
      "min",
      "max",
      "countDistinct",
      "sumDistinct",
      "avgDistinct",
    ]);
    expect(rollupFunctionsFor("SingleLineText")).toEqual(["count", "min", "max", "countDistinct"]);
    expect(rollupFunctionsFor(undefined)).toEqual([]);
    expect(fittingRollup("avg", "SingleLineText")).toBe("count");
    expect(fittingRollup(undefined, "Number")).toBe("sum");
    expect(fittingRollup("max", "Number")).toBe("max");
  });

  it("list link columns and the linked table's readable columns", () => {
    const t = meta("md_1", [
      col({ id: "a", uidt: "ID", pk: true }),
      col({ id: "b", uidt: "LinkToAnotherRecord" }),
      col({ id: "c", uidt: "ForeignKey", system: true }),
      col({ id: "d" }),
    ]);
    expect(linkColumns(t).map((c) => c.id)).toEqual(["b"]);
    expect(targetColumns(t).map((c) => c.id)).toEqual(["a", "b", "d"]);
  });
});

describe("formula inputs", () => {
  const orders = meta("md_2", [col({ id: "o_amt", title: "Amount", uidt: "Decimal" })]);
  const columns = [
    col({ id: "n", title: "Name", column_name: "name" }),
    col({
      id: "l",
      title: "Orders",
      uidt: "LinkToAnotherRecord",
      colOptions: { type: "hm", fk_related_model_id: "md_2" },
    }),
    col({
      id: "b",
      title: "Best",
      uidt: "LinkToAnotherRecord",
      colOptions: { type: "bt", fk_related_model_id: "md_2" },
    }),
    col({
      id: "i",
      title: "Items",
      uidt: "Lookup",
      colOptions: { fk_relation_column_id: "l", fk_lookup_column_id: "o_amt" },
    }),
    col({
      id: "a",
      title: "Amt",
      uidt: "Lookup",
      colOptions: { fk_relation_column_id: "b", fk_lookup_column_id: "o_amt" },
    }),
    col({ id: "t", title: "Total", uidt: "Rollup" }),
    col({ id: "f", title: "Twice", uidt: "Formula", colOptions: { formula: "{{t}} * 2", formula_raw: "{Old} * 2" } }),
  ];

  it("stand in for computed columns as the server reads them", () => {
    const inputs = formulaInputs(columns, (id) => (id === "md_2" ? orders : undefined));
    expect(inputs.map((c) => c.uidt)).toEqual([
      "SingleLineText",
      "LongText",
      "LongText",
      "LongText",
      "Decimal",
      "Decimal",
      "Formula",
    ]);
    const resolve = columnResolver(inputs);
    expect(validateFormula("CONCAT({Items}, ' = ', {Total})", resolve)).toMatchObject({ ok: true, type: "string" });
    expect(validateFormula("{Amt} * {Twice}", resolve)).toMatchObject({ ok: true, type: "number" });
    expect(validateFormula("CONCAT({Nope})", resolve)).toEqual({
      ok: false,
      error: "Column 'Nope' not found at 8",
      position: 8,
    });
  });

  it("read a formula with the current titles", () => {
    expect(formulaRawOf(columns[6]!, columns)).toBe("{Total} * 2");
    expect(formulaRawOf({ colOptions: { formula_raw: "1" } }, columns)).toBe("1");
  });
});
