/**
 * A single-row update answers the row as a read of it would: on a table read as stored, through
 * the UPDATE's own RETURNING (read.ts readBack, one statement fewer); with a computed field, by a
 * read after the write.
 */
import { describe, expect, it } from "vitest";
import { nodeProjectStore } from "../../tests/support/node-store";
import { addColumn } from "../schema/columns";
import { createTable } from "../schema/tables";
import type { ProjectStore } from "../store/store";
import * as rowsApi from "./api";
import { listAudit } from "./audit";
import { readBack } from "./read";
import { tableRef } from "./table-ref";

const actor = { id: "u1", email: "a@example.com", name: "A" };

function items() {
  const store = nodeProjectStore();
  const table = createTable(store, "p1", {
    table_name: "items",
    title: "items",
    columns: [
      { column_name: "id", title: "Id", uidt: "ID" },
      { column_name: "title", title: "Title", uidt: "SingleLineText" },
      { column_name: "amount", title: "Amount", uidt: "Number" },
    ],
  } as never) as { id: string };
  rowsApi.insertMany(
    store,
    "items",
    [
      { Title: "a", Amount: 1 },
      { Title: "b", Amount: 2 },
    ],
    actor,
  );
  return { store, tableId: table.id };
}

/** The statements `fn` runs on the store. */
function statements(store: ProjectStore, fn: () => unknown) {
  const exec = store.exec;
  const seen: string[] = [];
  store.exec = (q, ...p) => {
    seen.push(q);
    return exec(q, ...p);
  };
  try {
    fn();
  } finally {
    store.exec = exec;
  }
  return seen;
}

describe("a single-row update's answer", () => {
  it("comes from the UPDATE itself on a table read as stored, equal to a read after", () => {
    const { store } = items();
    expect(readBack(tableRef(store, "items"))).not.toBeNull();
    let answer: unknown;
    const sent = statements(store, () => (answer = rowsApi.updateOne(store, "items", "1", { Amount: 5 }, actor)));
    expect(sent.filter((s) => /^SELECT/.test(s.trim()))).toHaveLength(1); // the row before, for its history
    expect(sent.find((s) => /^UPDATE/.test(s))).toMatch(/RETURNING/);
    expect(answer).toEqual(rowsApi.readOne(store, "items", "1"));
    expect(answer).toMatchObject({ Id: 1, Title: "a", Amount: 5 });
  });

  it("is read after the write when the table has a computed field", () => {
    const { store, tableId } = items();
    addColumn(store, "p1", tableId, { title: "Double", uidt: "Formula", formula_raw: "{Amount} * 2" } as never);
    store.schemaCache.clear();
    expect(readBack(tableRef(store, "items"))).toBeNull();
    const answer = rowsApi.updateOne(store, "items", "2", { Amount: 7 }, actor);
    expect(answer).toMatchObject({ Id: 2, Amount: 7, Double: 14 });
    expect(answer).toEqual(rowsApi.readOne(store, "items", "2"));
  });

  it("records in its history the written fields that changed, reading only those before", () => {
    const { store, tableId } = items();
    const sent = statements(store, () => rowsApi.updateOne(store, "items", "1", { Title: "a", Amount: 5 }, actor));
    // The old values of the written fields, not the whole record.
    expect(sent.find((s) => /^SELECT/.test(s.trim()))).toBe(
      'SELECT "id", "title", "amount" FROM "items" WHERE "id" = ?',
    );
    const [entry] = listAudit(store, tableId, "1", false) as Array<{
      op_sub_type: string;
      description: string;
      details: string;
    }>;
    expect(entry).toMatchObject({ op_sub_type: "UPDATE", description: "changed Amount" });
    expect(entry!.details).toEqual({ Amount: { old: 1, new: 5 } });
    expect(() => rowsApi.updateOne(store, "items", "9", { Amount: 1 }, actor)).toThrow("Row not found");
  });

  it("is the row unchanged when the body changes nothing", () => {
    const { store } = items();
    expect(rowsApi.updateOne(store, "items", "2", {}, actor)).toEqual(rowsApi.readOne(store, "items", "2"));
  });
});
