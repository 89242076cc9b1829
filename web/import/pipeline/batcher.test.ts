import { describe, expect, it } from "vitest";
import { compileColumns, type ImportColumn } from "../../../db/import/rows";
import type { SourceRow } from "../protocol";
import { createBatcher } from "./batcher";

function columns(cols: ImportColumn[]) {
  const res = compileColumns(cols);
  if (!res.ok) throw new Error(res.error);
  return res.value;
}

async function* slices(...parts: SourceRow[][]) {
  yield* parts;
}

const progress = () => ({ read: 0, total: null });

describe("createBatcher", () => {
  const cols = columns([
    { source: 0, title: "Name", uidt: "SingleLineText" },
    { source: 1, title: "Age", uidt: "Number" },
  ]);

  it("builds insert bodies across slices, at most `max` rows and errors per batch", async () => {
    const b = createBatcher(
      slices(
        [
          { row: 1, cells: ["a", "1"] },
          { row: 2, cells: ["b", "x"] },
        ],
        [
          { row: 3, cells: ["c", "3"] },
          { row: 4, cells: ["d"], error: "Too few fields" },
        ],
      ),
      cols,
      { growSelects: false, progress },
    );
    const first = await b.pull(3);
    expect(first.rows).toEqual([
      { Name: "a", Age: 1 },
      { Name: "c", Age: 3 },
    ]);
    expect(first.rowNumbers).toEqual([1, 3]);
    expect(first.errors).toEqual([{ row: 2, message: 'Age: "x" is not a number', cells: ["b", "x"] }]);
    expect(first.done).toBe(false);
    const second = await b.pull(3);
    expect(second.errors).toEqual([{ row: 4, message: "Too few fields", cells: ["d"] }]);
    expect(second.done).toBe(true);
  });

  it("applies the required check when the plan asks for it", async () => {
    const b = createBatcher(slices([{ row: 1, cells: ["", "1"] }]), cols, {
      growSelects: false,
      required: ["Name"],
      progress,
    });
    expect((await b.pull(10)).errors[0]?.message).toBe("Missing required columns: Name");
  });

  it("grows select options for new values and reports them once", async () => {
    const sel = columns([
      { source: 0, title: "S", uidt: "SingleSelect", settings: { options: [{ title: "a" }] } },
      { source: 1, title: "M", uidt: "MultiSelect", settings: { options: [{ title: "x" }] } },
    ]);
    const b = createBatcher(
      slices([
        { row: 1, cells: ["a", "x, y"] },
        { row: 2, cells: ["B", "z,y"] },
        { row: 3, cells: ["b", ""] },
      ]),
      sel,
      { growSelects: true, progress },
    );
    const batch = await b.pull(10);
    expect(batch.newOptions).toEqual({ M: ["y", "z"], S: ["B"] });
    expect(batch.rows).toEqual([{ S: "a", M: "x,y" }, { S: "B", M: "y,z" }, { S: "B" }]);
    expect(batch.errors).toEqual([]);
  });

  it("without growth, new select values are row errors", async () => {
    const sel = columns([{ source: 0, title: "S", uidt: "SingleSelect", settings: { options: [{ title: "a" }] } }]);
    const batch = await createBatcher(slices([{ row: 1, cells: ["q"] }]), sel, { growSelects: false, progress }).pull(
      10,
    );
    expect(batch.errors[0]?.message).toBe('S: "q" is not an option (a)');
  });
});
