import { describe, expect, it } from "vitest";
import type { SourceColumn, SourceTable } from "./driver";
import { isJunction } from "./schema-sync";

const col = (name: string, pk = 0): SourceColumn => ({
  name,
  dt: "int",
  type: "int",
  nullable: false,
  default: null,
  ai: false,
  pk,
});
const pair = (extra: SourceColumn[] = []): SourceTable => ({
  name: "order_items",
  view: false,
  columns: [col("order_id", 1), col("item_id", 2), ...extra],
  foreignKeys: [
    { name: "fk_o", column: "order_id", refTable: "orders", refColumn: "id" },
    { name: "fk_i", column: "item_id", refTable: "items", refColumn: "id" },
  ],
});

describe("isJunction", () => {
  it("two foreign keys that are the whole key and the whole table make a many-to-many junction", () => {
    expect(isJunction(pair())).toBe(true);
  });

  it("a column of its own (order_items.qty) keeps it a table with two links, as NocoDB does", () => {
    expect(isJunction(pair([col("qty")]))).toBe(false);
  });
});
