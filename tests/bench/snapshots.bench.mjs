// Snapshots benchmark (issue 35): a 100k-row project (customers, products, orders linked to
// customers) snapshotted to R2 and restored as a new project.
// Targets: the snapshot completes in <= 10 s, the restore as a new project in <= 20 s.
import { apiClient, startBenchServer, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8813),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 9313),
});
try {
  const { call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Snapshots bench" });
  const P = `/api/v1/db/meta/projects/${project.id}`;
  const table = (table_name, columns) => call("POST", `${P}/tables`, { table_name, columns });
  const customers = await table("Customers", [{ title: "Name" }, { title: "City" }, { title: "Tier", uidt: "Number" }]);
  await table("Products", [
    { title: "Name" },
    { title: "Price", uidt: "Decimal" },
    { title: "Notes", uidt: "LongText" },
  ]);
  const orders = await table("Orders", [
    { title: "Item" },
    { title: "Amount", uidt: "Decimal" },
    { title: "When", uidt: "Date" },
  ]);
  await call("POST", `/api/v1/db/meta/tables/${orders.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Customer",
    childId: customers.id,
    type: "bt",
  });
  const fkTitle = (await call("GET", `/api/v1/db/meta/tables/${orders.id}`)).columns.find(
    (c) => c.uidt === "ForeignKey",
  ).title;

  const CUSTOMERS = Math.floor(ROWS * 0.2);
  const PRODUCTS = Math.floor(ROWS * 0.05);
  const ORDERS = ROWS - CUSTOMERS - PRODUCTS;
  const bulk = async (name, n, row) => {
    for (let s = 0; s < n; s += 10_000)
      await call(
        "POST",
        `/api/v1/db/data/bulk/noco/${project.id}/${name}`,
        Array.from({ length: Math.min(10_000, n - s) }, (_, k) => row(s + k)),
      );
  };
  await bulk("Customers", CUSTOMERS, (i) => ({ Name: `customer ${i}`, City: `city ${i % 97}`, Tier: i % 5 }));
  await bulk("Products", PRODUCTS, (i) => ({
    Name: `product ${i}`,
    Price: (i % 500) / 7,
    Notes: `notes for ${i} `.repeat(4),
  }));
  await bulk("Orders", ORDERS, (i) => ({
    Item: `item ${i}`,
    Amount: (i % 1000) / 10,
    When: `2026-0${1 + (i % 9)}-1${i % 10}`,
    [fkTitle]: 1 + (i % CUSTOMERS),
  }));

  let snapshot;
  const snapshotMs = await timed(async () => {
    snapshot = await call("POST", `${P}/snapshots`, { title: "Bench" });
  });
  const listed = (await call("GET", `${P}/snapshots`)).list.find((s) => s.id === snapshot.id);
  let restored;
  const restoreMs = await timed(async () => {
    restored = await call("POST", `${P}/snapshots/${snapshot.id}/restore`, { as_new_project: true });
  });
  const count = async (pid, name) => (await call("GET", `/api/v1/db/data/noco/${pid}/${name}/count`)).count;
  const copiedRows =
    (await count(restored.project_id, "Customers")) +
    (await count(restored.project_id, "Products")) +
    (await count(restored.project_id, "Orders"));
  const linked = await call("GET", `/api/v1/db/data/noco/${restored.project_id}/Orders/${ORDERS}`);
  // A table delete takes the project's dump first (synchronously, the upload follows the answer).
  const products = (await call("GET", `${P}/tables`)).list.find((t) => t.title === "Products");
  const deleteTableMs = await timed(() => call("DELETE", `/api/v1/db/meta/tables/${products.id}`));
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        snapshotMs: Math.round(snapshotMs),
        snapshotBytes: listed.size,
        snapshotRows: listed.rows,
        restoreAsNewProjectMs: Math.round(restoreMs),
        restoredRows: copiedRows,
        lastOrderCustomer: linked.Customer?.Name ?? null,
        deleteTableWithSnapshotFirstMs: Math.round(deleteTableMs),
        targets: { snapshotMs: 10_000, restoreMs: 20_000 },
        met: snapshotMs <= 10_000 && restoreMs <= 20_000 && copiedRows === ROWS,
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
