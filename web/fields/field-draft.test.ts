import { describe, expect, it } from "vitest";
import type { Column } from "../api/types";
import { columnPayload, draftFromColumn, draftProblems, hasProblems, newFieldDraft, withType } from "./field-draft";

const column = (over: Partial<Column>): Column => ({
  id: "cl_1",
  title: "Status",
  column_name: "status",
  uidt: "SingleLineText",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
  ...over,
});

describe("field drafts", () => {
  it("start with the type's default settings", () => {
    expect(newFieldDraft("Rating").options).toMatchObject({ max: 5 });
    expect(newFieldDraft("Currency").options).toMatchObject({ currency_code: "USD", currency_locale: "en-US" });
    expect(newFieldDraft("SingleSelect").options).toEqual({ options: [] });
    expect(newFieldDraft("Email").options).toEqual({});
  });

  it("send select options as colOptions and other settings as meta", () => {
    const draft = {
      ...newFieldDraft("SingleSelect"),
      title: "Status",
      options: { options: [{ title: "Open", color: "#cfdffe" }] },
    };
    expect(columnPayload(draft)).toEqual({
      title: "Status",
      column_name: "Status",
      uidt: "SingleSelect",
      meta: {},
      rqd: false,
      cdf: null,
      colOptions: { options: [{ title: "Open", color: "#cfdffe" }] },
    });
    const rating = { ...newFieldDraft("Rating"), title: " Stars " };
    expect(columnPayload(rating)).toMatchObject({ title: "Stars", meta: { max: 5 } });
    expect(columnPayload(rating)).not.toHaveProperty("colOptions");
  });

  it("clear colOptions when an edited column is no longer a select", () => {
    const col = column({ uidt: "SingleSelect", colOptions: { options: [{ title: "A" }], fk_column_id: "cl_1" } });
    const draft = withType(draftFromColumn(col), "SingleLineText");
    expect(columnPayload(draft, col)).toMatchObject({ uidt: "SingleLineText", colOptions: null, meta: {} });
    expect(columnPayload(draft, col)).not.toHaveProperty("column_name");
  });

  it("only rename a system column", () => {
    const col = column({ title: "CreatedAt", uidt: "CreateTime", system: true });
    expect(columnPayload({ ...draftFromColumn(col), title: "Created" }, col)).toEqual({
      title: "Created",
      uidt: "CreateTime",
    });
  });

  it("read an existing column back without its fk_column_id", () => {
    const col = column({
      uidt: "MultiSelect",
      colOptions: { options: [{ title: "A", color: "#eeeeee" }], fk_column_id: "cl_1" },
      cdf: "A",
    });
    const draft = draftFromColumn(col);
    expect(draft.options).toEqual({ options: [{ title: "A", color: "#eeeeee" }] });
    expect(draft.cdf).toBe("A");
  });

  it("keep select options between the two select types, reset them otherwise", () => {
    const draft = { ...newFieldDraft("SingleSelect"), options: { options: [{ title: "A" }] }, cdf: "A" };
    expect(withType(draft, "MultiSelect").options).toEqual({ options: [{ title: "A" }] });
    expect(withType(draft, "MultiSelect").cdf).toBe("");
    expect(withType(draft, "Decimal").options).toEqual({ precision: 1 });
  });
});

describe("draftProblems", () => {
  it("need a unique title", () => {
    expect(draftProblems(newFieldDraft(), []).title).toBe("msg.error.columnNameRequired");
    expect(draftProblems({ ...newFieldDraft(), title: "title" }, ["Title"]).title).toBe(
      "msg.error.columnNameDuplicate",
    );
    expect(hasProblems(draftProblems({ ...newFieldDraft(), title: "Name" }, ["Title"]))).toBe(false);
  });

  it("report the registry's option rules", () => {
    const dup = {
      ...newFieldDraft("SingleSelect"),
      title: "S",
      options: { options: [{ title: "A" }, { title: "A" }] },
    };
    expect(draftProblems(dup, []).options).toBe("Duplicates are not allowed!");
    const empty = { ...newFieldDraft("MultiSelect"), title: "S", options: { options: [{ title: "" }] } };
    expect(draftProblems(empty, []).options).toBe("Empty options are not allowed!");
  });

  it("ask links, lookups, rollups and formulas for their settings, and send them at the top level", () => {
    const link = { ...newFieldDraft("LinkToAnotherRecord"), title: "Orders" };
    expect(draftProblems(link, []).virtual).toBe("links.editor.needTable");
    const picked = { ...link, options: { fk_related_model_id: "md_2", type: "bt" } };
    expect(hasProblems(draftProblems(picked, []))).toBe(false);
    expect(columnPayload(picked)).toEqual({
      title: "Orders",
      column_name: "Orders",
      uidt: "LinkToAnotherRecord",
      childId: "md_2",
      type: "bt",
    });
    const formula = column({ uidt: "Formula", colOptions: { formula: "1", formula_raw: "1" } });
    expect(columnPayload({ ...draftFromColumn(formula), options: { formula_raw: "2" } }, formula)).toEqual({
      title: "Status",
      uidt: "Formula",
      formula_raw: "2",
    });
  });

  it("check the default value with the type", () => {
    expect(draftProblems({ ...newFieldDraft("Number"), title: "N", cdf: "twelve" }, []).cdf).toMatch(/not a number/);
    expect(draftProblems({ ...newFieldDraft("Number"), title: "N", cdf: "12" }, []).cdf).toBeUndefined();
    const select = { ...newFieldDraft("SingleSelect"), title: "S", options: { options: [{ title: "A" }] }, cdf: "B" };
    expect(draftProblems(select, []).cdf).toMatch(/not an option/);
  });
});
