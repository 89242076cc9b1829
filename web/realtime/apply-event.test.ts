import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../api/query-keys";
import type { LoadedPages, PagesEdit } from "../views/grid/data/row-store";
import { applyDataEvent, type GridBinding, type LiveStore } from "./apply-event";
import type { Row } from "./protocol";

/** A row store holding pages of 4 rows, recording what the events did. */
class FakeStore implements LiveStore {
  pages = new Map<number, Row[]>();
  totalRows: number;
  reloads = 0;
  refetched: number[] = [];
  constructor(total: number, loaded: number[]) {
    this.totalRows = total;
    for (const p of loaded)
      this.pages.set(
        p,
        Array.from({ length: Math.max(0, Math.min(4, total - p * 4)) }, (_, i) => ({
          Id: p * 4 + i + 1,
          Title: `r${p * 4 + i + 1}`,
        })),
      );
  }
  patchByKey(keyTitle: string, key: unknown, values: Row) {
    for (const rows of this.pages.values())
      rows.forEach((r, i) => r[keyTitle] === key && (rows[i] = { ...r, ...values }));
  }
  applyEdit(change: (loaded: LoadedPages) => PagesEdit | null) {
    const edit = change({ pages: this.pages, totalRows: this.totalRows, pageSize: 4 });
    if (!edit) return false;
    this.pages = edit.pages;
    this.totalRows = edit.totalRows!;
    this.refetched.push(...edit.refetch);
    return true;
  }
  reload() {
    this.reloads += 1;
  }
  ids() {
    return [...this.pages.values()].flat().map((r) => r.Id);
  }
}

function setup(opts: { total?: number; loaded?: number[]; ordered?: boolean } = {}) {
  const queryClient = new QueryClient();
  const store = new FakeStore(opts.total ?? 6, opts.loaded ?? [0, 1]);
  const grid: GridBinding = { tableId: "t1", keyTitle: "Id", store, inTableOrder: () => opts.ordered ?? true };
  const apply = (e: Parameters<typeof applyDataEvent>[0]) =>
    applyDataEvent(e, { projectId: "p1", queryClient, grids: (id) => (id === "t1" ? [grid] : []) });
  return { queryClient, store, apply };
}
const by = { id: "ana" };

describe("room events applied to the caches", () => {
  it("patches an updated row in the grid and the expanded record, without refetching", () => {
    const { store, apply, queryClient } = setup();
    queryClient.setQueryData(["row", "t1", 2], { Id: 2, Title: "r2", Notes: "n" });
    apply({ type: "row", op: "update", tableId: "t1", row: { Id: 2, Title: "new" }, changed: ["Title"], by });
    expect(store.pages.get(0)![1]).toEqual({ Id: 2, Title: "new" });
    expect(queryClient.getQueryData(["row", "t1", 2])).toEqual({ Id: 2, Title: "new", Notes: "n" });
    expect(store.reloads).toBe(0);
    // Applying the same event again (this tab's own write) changes nothing more.
    apply({ type: "row", op: "update", tableId: "t1", row: { Id: 2, Title: "new" }, changed: ["Title"], by });
    expect(store.pages.get(0)![1]).toEqual({ Id: 2, Title: "new" });
  });

  it("adds an inserted row to a grid in table order; a sorted grid refetches", () => {
    const a = setup();
    a.apply({ type: "row", op: "insert", tableId: "t1", row: { Id: 7, Title: "r7" }, by });
    expect(a.store.ids()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(a.store.totalRows).toBe(7);
    a.apply({ type: "row", op: "insert", tableId: "t1", row: { Id: 7, Title: "r7" }, by });
    expect(a.store.totalRows).toBe(7);
    const b = setup({ ordered: false });
    b.apply({ type: "row", op: "insert", tableId: "t1", row: { Id: 7 }, by });
    expect(b.store.reloads).toBe(1);
  });

  it("removes a deleted row; refetches when it was not loaded", () => {
    const a = setup();
    a.apply({ type: "row", op: "delete", tableId: "t1", rowId: "2", by });
    expect(a.store.ids()).toEqual([1, 3, 4, 5, 6]);
    expect(a.store.totalRows).toBe(5);
    expect(a.store.reloads).toBe(0);
    const b = setup({ total: 20, loaded: [0] });
    b.apply({ type: "row", op: "delete", tableId: "t1", rowId: "15", by });
    expect(b.store.reloads).toBe(1);
  });

  it("refetches a table's pages on a bulk write; other tables are left alone", () => {
    const { store, apply, queryClient } = setup();
    queryClient.setQueryData(["row", "t1", 2], { Id: 2 });
    apply({ type: "rows", tableId: "t1", by });
    apply({ type: "rows", tableId: "t2", by });
    expect(store.reloads).toBe(1);
    expect(queryClient.getQueryState(["row", "t1", 2])?.isInvalidated).toBe(true);
  });

  it("invalidates the schema queries on a schema change and a row's comments on a comment", () => {
    const { apply, queryClient } = setup();
    const keys = [
      queryKeys.tables("p1"),
      queryKeys.table("t1"),
      queryKeys.views("t1"),
      queryKeys.gridColumns("v1"),
      queryKeys.filters("v1"),
      queryKeys.sorts("v1"),
    ];
    for (const k of keys) queryClient.setQueryData(k, []);
    queryClient.setQueryData(queryKeys.project("p1"), {});
    apply({ type: "schema" });
    for (const k of keys) expect(queryClient.getQueryState(k)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.project("p1"))?.isInvalidated).toBe(false);

    queryClient.setQueryData(queryKeys.audits("t1", "2"), []);
    queryClient.setQueryData(queryKeys.audits("t1", "3"), []);
    apply({ type: "comment", tableId: "t1", rowId: "2", by });
    expect(queryClient.getQueryState(queryKeys.audits("t1", "2"))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.audits("t1", "3"))?.isInvalidated).toBe(false);
  });

  it("re-queries only the dashboard widgets reading the changed table", () => {
    const { apply, queryClient } = setup();
    const mine = queryKeys.widgetData("t1", "d1", "w1");
    const other = queryKeys.widgetData("t2", "d1", "w2");
    queryClient.setQueryData(mine, { value: 1 });
    queryClient.setQueryData(other, { value: 2 });
    apply({ type: "row", op: "update", tableId: "t1", row: { Id: 2, Title: "new" }, changed: ["Title"], by });
    expect(queryClient.getQueryState(mine)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    apply({ type: "rows", tableId: "t2", by });
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(true);
  });
});
