import { describe, expect, it } from "vitest";
import type { Column, TableMeta } from "../api/types";
import { ApiError } from "../lib/api-errors";
import {
  displayColumnOf,
  isAlreadyLinked,
  linkedRecords,
  linkTypeOf,
  lookupTexts,
  pendingValues,
  planChips,
  recordOfRow,
  relatedTableOf,
} from "./link-values";

const col = (over: Partial<Column>): Column => ({
  id: "cl_1",
  title: "T",
  column_name: null,
  uidt: "LinkToAnotherRecord",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: null,
  ...over,
});

describe("link values", () => {
  it("read hm/mm arrays and bt records: key first, display value last", () => {
    expect(
      linkedRecords([
        { Id: 1, Item: "Pen" },
        { Id: 2, Item: "Ink" },
      ]),
    ).toEqual([
      { key: 1, label: "Pen" },
      { key: 2, label: "Ink" },
    ]);
    expect(linkedRecords({ Id: 3, Name: "Ada" })).toEqual([{ key: 3, label: "Ada" }]);
    expect(linkedRecords({ Id: 4 })).toEqual([{ key: 4, label: "4" }]);
    expect(linkedRecords({ Code: "x1", Name: null })).toEqual([{ key: "x1", label: "" }]);
    expect(linkedRecords(null)).toEqual([]);
    expect(linkedRecords([])).toEqual([]);
  });

  it("read lookups as texts", () => {
    expect(lookupTexts(["Pen", "Ink", null, ""])).toEqual(["Pen", "Ink"]);
    expect(lookupTexts([["a", "b"], "c"])).toEqual(["a", "b", "c"]);
    expect(lookupTexts(2.5)).toEqual(["2.5"]);
    expect(lookupTexts(null)).toEqual([]);
    expect(lookupTexts([{ Id: 1, Name: "Ada" }])).toEqual(["Ada"]);
  });

  it("plan chips with a count of the rest", () => {
    expect(planChips([1, 2, 3, 4, 5], 3)).toEqual({ shown: [1, 2, 3], more: 2, open: false });
    expect(planChips([1], 3)).toEqual({ shown: [1], more: 0, open: false });
    expect(
      planChips(
        Array.from({ length: 25 }, (_, i) => i),
        3,
      ),
    ).toMatchObject({ more: 22, open: true });
  });

  it("know link columns and the already-linked refusal", () => {
    const link = col({ colOptions: { type: "hm", fk_related_model_id: "md_2" } });
    expect(linkTypeOf(link)).toBe("hm");
    expect(relatedTableOf(link)).toBe("md_2");
    expect(linkTypeOf(col({}))).toBeNull();
    expect(isAlreadyLinked(new ApiError(400, "This record is already linked", {}))).toBe(true);
    expect(isAlreadyLinked(new ApiError(404, "This record is already linked", {}))).toBe(false);
    expect(isAlreadyLinked(new Error("x"))).toBe(false);
  });

  it("name rows of the other table by their display value", () => {
    const meta = {
      id: "md_2",
      title: "Orders",
      table_name: "orders",
      order: 1,
      views: [],
      columns: [col({ title: "Id", pk: true, uidt: "ID" }), col({ title: "Item", pv: true, uidt: "SingleLineText" })],
    } as TableMeta;
    expect(displayColumnOf(meta)?.title).toBe("Item");
    expect(recordOfRow({ Id: 7, Item: "Pad" }, meta)).toEqual({ key: 7, label: "Pad" });
    expect(displayColumnOf({ ...meta, columns: [meta.columns[0]!] })?.title).toBe("Id");
  });

  it("send a new row's chosen belongs-to links as keys", () => {
    expect(pendingValues({ Buyer: { key: 3, label: "Ada" }, Odd: { key: null, label: "x" } })).toEqual({ Buyer: 3 });
    expect(pendingValues({})).toEqual({});
  });
});
