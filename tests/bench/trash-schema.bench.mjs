// Trash of fields and tables benchmark (issue 35): a 100k-row table's field, and the table,
// deleted into the trash and restored (the data renamed aside and back: O(1) in the rows), against
// today's DROP, measured as the purge of the same entry (DROP COLUMN rewrites every row; DROP
// TABLE frees every page). Figures are each request's round trip over the API (ms).
//   npm run bench trash-schema          BENCH_ROWS (default 100000)
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = 5;
const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8822),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 9322),
});
try {
  const { call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Trash bench" });
  const P = `/api/v1/db/meta/projects/${project.id}`;
  const table = await call("POST", `${P}/tables`, {
    table_name: "Big",
    columns: [{ title: "Name" }, { title: "Amount", uidt: "Decimal" }, { title: "Note", uidt: "LongText" }],
  });
  for (let s = 0; s < ROWS; s += 10_000) {
    await call(
      "POST",
      `/api/v1/db/data/bulk/noco/${project.id}/Big`,
      Array.from({ length: Math.min(10_000, ROWS - s) }, (_, k) => ({
        Name: `row ${s + k}`,
        Amount: ((s + k) % 1000) / 10,
        Note: `note ${(s + k) % 97} `.repeat(4),
      })),
    );
  }
  const newest = async () => (await call("GET", `${P}/trash?limit=1`)).list[0].id;
  const amount = table.columns.find((c) => c.title === "Amount").id;

  const field = { delete: [], restore: [] };
  const tbl = { delete: [], restore: [] };
  for (let i = 0; i < ROUNDS; i++) {
    field.delete.push(await timed(() => call("DELETE", `/api/v1/db/meta/columns/${amount}`)));
    const id = await newest();
    field.restore.push(await timed(() => call("POST", `${P}/trash/${id}/restore`)));
  }
  for (let i = 0; i < ROUNDS; i++) {
    tbl.delete.push(await timed(() => call("DELETE", `/api/v1/db/meta/tables/${table.id}`)));
    const id = await newest();
    tbl.restore.push(await timed(() => call("POST", `${P}/trash/${id}/restore`)));
  }
  // The restored data is the same: a page reads as before.
  const check = await call("GET", `/api/v1/db/data/noco/${project.id}/Big?limit=1&offset=${ROWS - 1}`);
  if (check.list[0]?.Amount !== ((ROWS - 1) % 1000) / 10)
    throw new Error(`restored data differs: ${JSON.stringify(check)}`);

  // Today's DROP: the purge of the same entries drops the column, then the table.
  await call("DELETE", `/api/v1/db/meta/columns/${amount}`);
  const fieldId = await newest();
  const dropColumn = await timed(() => call("DELETE", `${P}/trash/${fieldId}`));
  await call("DELETE", `/api/v1/db/meta/tables/${table.id}`);
  const tableId = await newest();
  const dropTable = await timed(() => call("DELETE", `${P}/trash/${tableId}`));

  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        field: { delete: stats(field.delete), restore: stats(field.restore), drop: +dropColumn.toFixed(2) },
        table: { delete: stats(tbl.delete), restore: stats(tbl.restore), drop: +dropTable.toFixed(2) },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
