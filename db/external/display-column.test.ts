import { describe, expect, it } from "vitest";
import type { ColumnRow } from "../store/schema";
import { displayColumn } from "./display-column";

const col = (columnName: string, uidt: string, extra: Partial<ColumnRow> = {}) =>
  ({ id: columnName, title: columnName, columnName, uidt, pk: 0, rqd: 0, ...extra }) as ColumnRow;

describe("displayColumn", () => {
  it("skips a nullable note for a required status (the MariaDB case that left chips blank)", () => {
    const cols = [
      col("id", "Number", { pk: 1 }),
      col("note", "SingleLineText"),
      col("status", "SingleSelect", { rqd: 1 }),
    ];
    expect(displayColumn(cols)?.columnName).toBe("status");
  });

  it("prefers a column named like a name, then required short text over long text", () => {
    expect(
      displayColumn([
        col("id", "Number", { pk: 1 }),
        col("summary", "SingleLineText", { rqd: 1 }),
        col("title", "SingleLineText"),
      ])?.columnName,
    ).toBe("title");
    expect(
      displayColumn([col("body", "LongText", { rqd: 1 }), col("sku", "SingleLineText", { rqd: 1 })])?.columnName,
    ).toBe("sku");
  });

  it("never the key; without text, the first other column", () => {
    expect(displayColumn([col("code", "SingleLineText", { pk: 1 }), col("qty", "Number")])?.columnName).toBe("qty");
    expect(displayColumn([col("id", "Number", { pk: 1 })])?.columnName).toBe("id");
  });
});
