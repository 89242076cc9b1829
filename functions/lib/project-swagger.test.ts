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
        columns: [col("Id", "ID", { pk: true, ai: true }), col("Orders", "LinkToAnotherRecord", { id: "cl_orders" })],
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
  // NocoDB v2's routes of each table, by its id: records, the link routes of each link field (by
  // its id), the aggregates and the bulk reads.
  const v2 = (table: string) =>
    Object.keys(doc.paths)
      .filter((p) => p.startsWith(`/api/v2/tables/${table}/`))
      .map((p) => p.slice(`/api/v2/tables/${table}`.length))
      .sort();
  const common = [
    "/aggregate",
    "/bulk/aggregate",
    "/bulk/dataList",
    "/bulk/group",
    "/records",
    "/records/count",
    "/records/{recordId}",
  ];
  expect(v2("md_1")).toEqual(common);
  expect(v2("md_2")).toEqual([...common, "/links/cl_orders/records/{recordId}"].sort());
  const paths = doc.paths as Record<string, Record<string, { operationId: string }>>;
  expect(Object.keys(paths["/api/v2/tables/md_2/links/cl_orders/records/{recordId}"]!).sort()).toEqual([
    "delete",
    "get",
    "post",
  ]);
  expect(Object.keys(paths["/api/v2/tables/md_1/bulk/aggregate"]!)).toEqual(["post"]);
});
