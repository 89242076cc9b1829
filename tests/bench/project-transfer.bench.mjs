// Project .zip benchmark (issue 35): export and import of a 100k-row project (a 100k-row table,
// a 1,000-row table linked to it many-to-many with 1,000 links): export time and zip size,
// import time (a new project from the zip), duplicate (both on the server), and the copy's count.
import { apiClient, startBenchServer, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8884),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 8984),
});
try {
  const { token, call } = await apiClient(server.base);
  const P = "/api/v1/db/meta/projects";
  const project = await call("POST", P, { title: "Transfer bench" });
  const items = await call("POST", `${P}/${project.id}/tables`, {
    table_name: "Items",
    columns: [{ title: "Name" }, { title: "Value", uidt: "Decimal" }, { title: "Note", uidt: "LongText" }],
  });
  const tags = await call("POST", `${P}/${project.id}/tables`, { table_name: "Tags", columns: [{ title: "Tag" }] });
  await call("POST", `/api/v1/db/meta/tables/${items.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Tags",
    parentId: items.id,
    childId: tags.id,
    type: "mm",
  });
  const bulk = (t) => `/api/v1/db/data/bulk/noco/${project.id}/${t}`;
  await call(
    "POST",
    bulk("Tags"),
    Array.from({ length: 1000 }, (_, i) => ({ Tag: `tag ${i}` })),
  );
  for (let at = 0; at < ROWS; at += 1000) {
    const n = Math.min(1000, ROWS - at);
    await call(
      "POST",
      bulk("Items"),
      Array.from({ length: n }, (_, i) => ({
        Name: `Item ${at + i}`,
        Value: (at + i) * 1.5,
        Note: (at + i) % 3 ? `a note, with "quotes" ${at + i}` : null,
      })),
    );
  }
  for (let i = 1; i <= 1000; i++) await call("POST", `/api/v1/db/data/noco/${project.id}/Items/${i}/mm/Tags/${i}`);

  const headers = { "xc-auth": token };
  let zip;
  const exportMs = await timed(async () => {
    const res = await fetch(`${server.base}${P}/${project.id}/export`, { headers });
    if (!res.ok) throw new Error(`export ${res.status} ${await res.text()}`);
    zip = new Uint8Array(await res.arrayBuffer());
  });
  let imported;
  const importMs = await timed(async () => {
    const res = await fetch(`${server.base}${P}/import`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/zip" },
      body: zip,
    });
    imported = await res.json();
    if (!res.ok) throw new Error(`import ${res.status} ${JSON.stringify(imported)}`);
  });
  let copy;
  const duplicateMs = await timed(async () => {
    copy = await call("POST", `${P}/${project.id}/duplicate`, { title: "Transfer bench copy" });
  });
  const count = async (id) => (await call("GET", `/api/v1/db/data/noco/${id}/Items/count`)).count;
  const linked = async (id) => (await call("GET", `/api/v1/db/data/noco/${id}/Items/1`)).Tags.length;
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        exportMs: +exportMs.toFixed(0),
        zipBytes: zip.byteLength,
        zipMB: +(zip.byteLength / 1024 / 1024).toFixed(2),
        importMs: +importMs.toFixed(0),
        importedRows: imported.import.rows,
        duplicateMs: +duplicateMs.toFixed(0),
        counts: { original: await count(project.id), imported: await count(imported.id), copy: await count(copy.id) },
        linksKept: await linked(imported.id),
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
