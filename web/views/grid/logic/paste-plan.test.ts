import { describe, expect, it } from "vitest";
import type { Column } from "../../../api/types";
import { codecFor } from "../../../fields/codec";
import { copyText, planClear, planPaste } from "./paste-plan";
import { parseTsv } from "./tsv";

const col = (title: string, uidt: Column["uidt"], extra: Partial<Column> = {}): Column => ({
  id: title,
  title,
  column_name: title,
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
  ...extra,
});
const fields = [
  col("Title", "SingleLineText", { pv: true }),
  col("Qty", "Number"),
  col("Done", "Checkbox"),
  col("F", "Formula"),
].map(codecFor);
const rows = [
  { Id: 1, Title: "a", Qty: 1, Done: false },
  { Id: 2, Title: "b", Qty: 2, Done: true },
];

describe("planPaste", () => {
  it("updates existing rows and inserts the rest, skipping read-only and extra columns", () => {
    const plan = planPaste({
      grid: parseTsv("x\t5\tyes\tcalc\textra\ny\t6\tno\nz\t7\t\n"),
      startRow: 0,
      startCol: 0,
      fields,
      rows,
      keyTitle: "Id",
      canInsert: true,
    });
    expect(plan.error).toBeNull();
    expect(plan.updates).toEqual([
      { Id: 1, Title: "x", Qty: 5, Done: true },
      { Id: 2, Title: "y", Qty: 6, Done: false },
    ]);
    expect(plan.before).toEqual(rows);
    expect(plan.inserts).toEqual([{ Title: "z", Qty: 7, Done: null }]);
  });
  it("starts at the active cell and drops new rows without insert rights", () => {
    const plan = planPaste({
      grid: [["9"], ["8"], ["7"]],
      startRow: 1,
      startCol: 1,
      fields,
      rows: rows.slice(1),
      keyTitle: "Id",
      canInsert: false,
    });
    expect(plan.updates).toEqual([{ Id: 2, Qty: 9 }]);
    expect(plan.inserts).toEqual([]);
  });
  it("stops with the registry's message on an invalid cell", () => {
    const plan = planPaste({
      grid: [
        ["a", "1"],
        ["b", "lots"],
      ],
      startRow: 0,
      startCol: 0,
      fields,
      rows,
      keyTitle: "Id",
      canInsert: true,
    });
    expect(plan.error).toBe('Qty: "lots" is not a number');
    expect(plan.updates).toEqual([]);
  });
  it("fills a selected range with one value", () => {
    const plan = planPaste({
      grid: [["3"]],
      startRow: 0,
      startCol: 1,
      range: { top: 0, bottom: 1, left: 1, right: 1 },
      fields,
      rows,
      keyTitle: "Id",
      canInsert: true,
    });
    expect(plan.updates).toEqual([
      { Id: 1, Qty: 3 },
      { Id: 2, Qty: 3 },
    ]);
  });
});

describe("planClear and copyText", () => {
  it("clears writable cells of a range", () => {
    const plan = planClear({ top: 0, bottom: 1, left: 1, right: 3 }, fields, rows, "Id");
    expect(plan.updates).toEqual([
      { Id: 1, Qty: null, Done: null },
      { Id: 2, Qty: null, Done: null },
    ]);
  });
  it("copies with formatText, quoting cells that need it", () => {
    expect(
      copyText(
        [
          { Title: "a\tb", Qty: 1.5, Done: true },
          { Title: null, Qty: null, Done: false },
        ],
        fields.slice(0, 3),
      ),
    ).toBe('"a\tb"\t1.5\ttrue\n\t\tfalse');
  });
});
