/**
 * The `items` table the row engine's size tests share (count indexes, group counts, dashboard
 * aggregates): a text, a select with an empty fifth of rows, numbers, a checkbox, a date and a
 * long text, filled `n` rows at a time in 4,000-row inserts, in a Node project store.
 */
import * as rowsApi from "../../db/rows/api";
import { createTable } from "../../db/schema/tables";
import { nodeProjectStore } from "./node-store";

export const actor = { id: "u1", email: "a@example.com", name: "A" };
const cats = ["a", "b", "c", "d", null];

export const row = (i: number) => ({
  Title: `t${i}`,
  Category: cats[i % 5] ?? null,
  Amount: (i * 7919) % 1000,
  Price: ((i * 104729) % 100000) / 100,
  Done: i % 3 === 0,
  Due: `2026-0${(i % 9) + 1}-1${i % 10}`,
  Notes: `n${i}`,
});
export type ItemRow = ReturnType<typeof row>;

export function items(n = 0) {
  const store = nodeProjectStore();
  createTable(store, "p1", {
    table_name: "items",
    title: "items",
    columns: [
      { column_name: "id", title: "Id", uidt: "ID" },
      { column_name: "title", title: "Title", uidt: "SingleLineText" },
      {
        column_name: "category",
        title: "Category",
        uidt: "SingleSelect",
        colOptions: { options: ["a", "b", "c", "d", "e"].map((title) => ({ title })) },
      },
      { column_name: "amount", title: "Amount", uidt: "Number" },
      { column_name: "price", title: "Price", uidt: "Decimal" },
      { column_name: "done", title: "Done", uidt: "Checkbox" },
      { column_name: "due", title: "Due", uidt: "Date" },
      { column_name: "notes", title: "Notes", uidt: "LongText" },
    ],
  } as never);
  for (let i = 0; i < n; i += 4_000)
    rowsApi.insertMany(
      store,
      "items",
      Array.from({ length: Math.min(4_000, n - i) }, (_, k) => row(i + k)),
      actor,
    );
  return store;
}
