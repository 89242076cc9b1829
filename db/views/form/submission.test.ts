import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { nodeProjectStore } from "../../../tests/support/node-store";
import { tableRef } from "../../rows/table-ref";
import { createTable } from "../../schema/tables";
import { viewColumns } from "../../store/schema";
import { createView } from "../create";
import { updateFormColumn } from "./settings";
import { formSubmission } from "./submission";

function form() {
  const store = nodeProjectStore();
  const table = createTable(store, "p1", {
    table_name: "tasks",
    title: "Tasks",
    columns: [
      { column_name: "id", title: "Id", uidt: "ID" },
      { column_name: "title", title: "Title", uidt: "SingleLineText" },
      { column_name: "note", title: "Note", uidt: "SingleLineText" },
    ],
  } as never) as { id: string };
  const view = createView(store, "p1", table.id, "form", { title: "Intake" }, "u1") as { id: string };
  const t = tableRef(store, table.id);
  const vc = (title: string) =>
    store.meta
      .select()
      .from(viewColumns)
      .where(eq(viewColumns.viewId, view.id))
      .all()
      .find((r) => r.columnId === t.cols.find((c) => c.title === title)!.id)!.id;
  updateFormColumn(store, vc("Title"), { required: true, label: "What" });
  updateFormColumn(store, vc("Note"), { show: false });
  const submit = (viewKey: string, body: unknown) => formSubmission(store, t.model, viewKey, body, t.cols, t.virtual);
  return { store, view, submit };
}

describe("a form's submission, before the record is written", () => {
  it("keeps only the shown questions' answers, by title or column name", () => {
    const { view, submit } = form();
    expect(submit(view.id, { title: "x", Note: "dropped", Other: 1 })).toEqual({
      kept: { Title: "x" },
      hiddenColumns: [],
      notify: null,
    });
  });

  it("refuses a missing required answer with the form's label, and a body that is not an object", () => {
    const { view, submit } = form();
    expect(() => submit(view.id, { Note: "n" })).toThrow("What is required");
    expect(() => submit(view.id, [])).toThrow("The record must be a JSON object");
  });

  it("is null through a view that is not a form (the body is inserted as it is)", () => {
    const { submit } = form();
    expect(submit("Tasks", { Anything: 1 })).toBeNull();
    expect(() => submit("nope", {})).toThrow("View not found");
  });
});
