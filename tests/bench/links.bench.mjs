// Computed fields benchmark (issue: links, lookups, rollups and formulas compiled to SQL):
// a 100k-row table listed 25 rows at a time, with and without 3 lookups, 1 rollup and 1 formula.
// Target: the list with them stays within 2x of the plain list (p50).
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const server = await startBenchServer({ port: 8793, inspectorPort: 9253 });
try {
  const { call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Links bench" });
  const P = `/api/v1/db/meta/projects/${project.id}`;
  const customers = await call("POST", `${P}/tables`, {
    table_name: "Customers",
    columns: [{ title: "Name" }, { title: "City" }, { title: "Tier", uidt: "Number" }],
  });
  const orders = await call("POST", `${P}/tables`, {
    table_name: "Orders",
    columns: [{ title: "Item" }, { title: "Amount", uidt: "Decimal" }],
  });
  const byTitle = (t, title) => t.columns.find((c) => c.title === title);
  const withLink = await call("POST", `/api/v1/db/meta/tables/${orders.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Customer",
    childId: customers.id,
    type: "bt",
  });
  const link = byTitle(withLink, "Customer");

  const CUSTOMERS = Math.max(1, Math.floor(ROWS / 4));
  for (let s = 0; s < CUSTOMERS; s += 10_000) {
    await call(
      "POST",
      `/api/v1/db/data/bulk/noco/${project.id}/Customers`,
      Array.from({ length: Math.min(10_000, CUSTOMERS - s) }, (_, k) => ({
        Name: `c${s + k}`,
        City: `city ${(s + k) % 97}`,
        Tier: (s + k) % 5,
      })),
    );
  }
  // Orders carry their customer through the belongs-to FK column (written in bulk by its title).
  const fkTitle = (await call("GET", `/api/v1/db/meta/tables/${orders.id}`)).columns.find(
    (c) => c.uidt === "ForeignKey",
  ).title;
  for (let s = 0; s < ROWS; s += 10_000) {
    await call(
      "POST",
      `/api/v1/db/data/bulk/noco/${project.id}/Orders`,
      Array.from({ length: Math.min(10_000, ROWS - s) }, (_, k) => ({
        Item: `item ${s + k}`,
        Amount: ((s + k) % 1000) / 10,
        [fkTitle]: 1 + ((s + k) % CUSTOMERS),
      })),
    );
  }
  const T = `/api/v1/db/data/noco/${project.id}/Orders`;
  async function latency(path, n = 150) {
    await call("GET", path);
    const samples = [];
    for (let i = 0; i < n; i++) samples.push(await timed(() => call("GET", path)));
    return stats(samples);
  }
  const plainFields = "Item,Amount";
  const plain = await latency(`${T}?limit=25&offset=5000&fields=${plainFields}`);

  const add = (body) => call("POST", `/api/v1/db/meta/tables/${orders.id}/columns`, body);
  const cust = await call("GET", `/api/v1/db/meta/tables/${customers.id}`);
  await add({
    uidt: "Lookup",
    title: "CustName",
    fk_relation_column_id: link.id,
    fk_lookup_column_id: byTitle(cust, "Name").id,
  });
  await add({
    uidt: "Lookup",
    title: "CustCity",
    fk_relation_column_id: link.id,
    fk_lookup_column_id: byTitle(cust, "City").id,
  });
  await add({
    uidt: "Lookup",
    title: "CustTier",
    fk_relation_column_id: link.id,
    fk_lookup_column_id: byTitle(cust, "Tier").id,
  });
  const withCustRollup = await call("POST", `/api/v1/db/meta/tables/${customers.id}/columns`, {
    uidt: "Rollup",
    title: "Spend",
    fk_relation_column_id: (await call("GET", `/api/v1/db/meta/tables/${customers.id}`)).columns.find(
      (c) => c.uidt === "LinkToAnotherRecord",
    ).id,
    fk_rollup_column_id: byTitle(orders, "Amount").id,
    rollup_function: "sum",
  });
  await add({
    uidt: "Lookup",
    title: "CustSpend",
    fk_relation_column_id: link.id,
    fk_lookup_column_id: byTitle(withCustRollup, "Spend").id,
  });
  let formula = "skipped";
  try {
    await add({ uidt: "Formula", title: "Label", formula_raw: "CONCAT({Item}, ' for ', {CustName})" });
    formula = "added";
  } catch (err) {
    formula = `not available: ${String(err.message).slice(0, 120)}`;
  }
  const computedFields = `${plainFields},Customer,CustName,CustCity,CustTier,CustSpend${formula === "added" ? ",Label" : ""}`;
  const computed = await latency(`${T}?limit=25&offset=5000&fields=${computedFields}`);
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        customers: CUSTOMERS,
        formula,
        plainListMs: plain,
        listWithLinkLookupsRollupFormulaMs: computed,
        ratioP50: +(computed.p50 / plain.p50).toFixed(2),
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
