import { describe, expect, it } from "vitest";
import { filterOps, gridQuery, nextSort } from "./grid-query";

const cols = [
  { title: "Name", uidt: "SingleLineText" },
  { title: "Score", uidt: "Number" },
  { title: "Done", uidt: "Checkbox" },
];
const read = (q: string) => Object.fromEntries(new URLSearchParams(q.slice(1)));

describe("a shared grid's query", () => {
  it("searches the text fields, filters one field, sorts one way", () => {
    expect(read(gridQuery({ search: " ad(a~ ", sort: { title: "Score", dir: "desc" }, filter: null }, cols))).toEqual({
      limit: "100",
      where: "((Name,like,%ada%))",
      sort: "-Score",
    });
    const filter = { title: "Score", op: "gt" as const, value: "2" };
    expect(read(gridQuery({ search: "x", sort: null, filter }, cols)).where).toBe("((Name,like,%x%))~and(Score,gt,2)");
    expect(read(gridQuery({ search: "", sort: null, filter: { ...filter, op: "blank" } }, cols)).where).toBe(
      "(Score,blank)",
    );
    // A filter on a field the grid does not show is left out, not sent.
    expect(read(gridQuery({ search: "", sort: null, filter: { ...filter, title: "Secret" } }, cols))).toEqual({
      limit: "100",
    });
  });
  it("offers operators by field and cycles the sort", () => {
    expect(filterOps(cols[0]!)).toEqual(["eq", "like", "blank"]);
    expect(filterOps(cols[1]!)).toEqual(["eq", "gt", "lt", "blank"]);
    expect(filterOps(cols[2]!)).toEqual([]);
    const asc = nextSort(null, "Name");
    expect(asc).toEqual({ title: "Name", dir: "asc" });
    expect(nextSort(asc, "Name")).toEqual({ title: "Name", dir: "desc" });
    expect(nextSort({ title: "Name", dir: "desc" }, "Name")).toBeNull();
    expect(nextSort({ title: "Name", dir: "desc" }, "Score")).toEqual({ title: "Score", dir: "asc" });
  });
});
