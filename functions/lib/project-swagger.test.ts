import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, it } from "vitest";
import type { ColumnJson } from "../../db/schema/shape";
import { projectSwagger } from "./project-swagger";

const col = (title: string, uidt: string, extra: Partial<ColumnJson> = {}) =>
  ({ title, uidt, pk: false, ai: false, system: false, ...extra }) as ColumnJson;

it("is a valid OpenAPI 3.1 document with a row schema per table", async () => {
  const doc = projectSwagger(
    { id: "p_1", title: "Shop" },
    [
      {
        id: "md_1",
        title: "Orders & items",
        columns: [
          col("Id", "ID", { pk: true, ai: true }),
          col("Name", "SingleLineText"),
          col("Paid", "Checkbox"),
          col("Total", "Currency"),
        ],
      },
      {
        id: "md_2",
        title: "Customers",
        columns: [col("Id", "ID", { pk: true, ai: true }), col("Orders", "LinkToAnotherRecord")],
      },
    ],
    "https://example.com",
  );
  const result = await new Validator().validate(structuredClone(doc) as Parameters<Validator["validate"]>[0]);
  expect(result.errors ?? []).toEqual([]);
  const orders = doc.components.schemas["Ordersitems_0"] as { properties: Record<string, Record<string, unknown>> };
  expect(orders.properties.Id).toMatchObject({ readOnly: true });
  expect(orders.properties.Paid?.type).toEqual(["boolean", "null"]);
  expect(orders.properties.Total?.type).toEqual(["number", "null"]);
  expect(
    (doc.components.schemas["Customers_1"] as { properties: Record<string, unknown> }).properties.Orders,
  ).toMatchObject({ readOnly: true });
  expect(Object.keys(doc.paths)).toContain("/api/v1/db/data/noco/p_1/Orders%20%26%20items/{rowId}");
  // NocoDB v2's record routes of the same table, by its id.
  const v2 = Object.keys(doc.paths).filter((p) => p.startsWith("/api/v2/tables/"));
  expect(v2.length).toBeGreaterThanOrEqual(3);
  expect(v2.every((p) => /^\/api\/v2\/tables\/[^/]+\/records(\/count|\/\{recordId\})?$/.test(p))).toBe(true);
});
