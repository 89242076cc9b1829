// Trash benchmark (issue 35): what keeping deleted records costs the delete, and how fast they
// come back. Measures a single-record delete (p50 of 50), a 10,000-record filtered delete and a
// 1,000-record bulk delete by ids (median of 3), the restore of 10,000 records (the grid's Undo
// route), and the trash's first page with 100,000 entries. Without the trash routes (a build from
// before the trash) it measures the deletes only: run it there for the figures without the trash.
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => +x.toFixed(1);

const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8885),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 8985),
});
try {
  const { call, token } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Trash bench" });
  const P = project.id;
  const table = await call("POST", `/api/v1/db/meta/projects/${P}/tables`, {
    table_name: "Items",
    columns: [
      { title: "Name" },
      { title: "Value", uidt: "Number" },
      { title: "Notes", uidt: "LongText" },
      { title: "Done", uidt: "Checkbox" },
      { title: "When", uidt: "Date" },
    ],
  });
  const tags = await call("POST", `/api/v1/db/meta/projects/${P}/tables`, {
    table_name: "Tags",
    columns: [{ title: "Label" }],
  });
  // A link column, so the trash keeps links too (an empty one for most records, as is common).
  await call("POST", `/api/v1/db/meta/tables/${table.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Tags",
    parentId: table.id,
    childId: tags.id,
    type: "mm",
  });
  const B = `/api/v1/db/data/bulk/noco/${P}/Items`;
  const T = `/api/v1/db/data/noco/${P}/Items`;
  let inserted = 0;
  const insert = async (n, name) => {
    for (let i = 0; i < n; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
        Name: name,
        Value: i + k,
        Notes: `note ${i + k} with a little text in it`,
        Done: (i + k) % 2 === 0,
        When: "2026-11-27",
      }));
      await call("POST", B, rows);
    }
    const first = inserted + 1;
    inserted += n;
    return { first, last: inserted };
  };
  const trashRoutes = await fetch(`${server.base}/api/v1/db/meta/projects/${P}/trash`, {
    headers: { "xc-auth": token },
  });
  const withTrash = trashRoutes.status === 200;

  // Single deletes.
  const one = await insert(60, "one");
  for (let id = one.first; id < one.first + 10; id++) await call("DELETE", `${T}/${id}`); // warm-up
  const single = [];
  for (let id = one.first + 10; id <= one.last; id++) single.push(await timed(() => call("DELETE", `${T}/${id}`)));

  // 10,000 records by a filter, and 1,000 by ids, three times each.
  const where = [];
  const byIds = [];
  let lastWhere = null;
  for (let round = 0; round < 3; round++) {
    const span = await insert(10_000, `w${round}`);
    where.push(await timed(() => call("DELETE", `${B}/all?where=(Name,eq,w${round})`)));
    lastWhere = span;
    const ids = await insert(1000, `b${round}`);
    const body = Array.from({ length: 1000 }, (_, k) => ({ Id: ids.first + k }));
    byIds.push(await timed(() => call("DELETE", B, body)));
  }
  const figures = {
    trash: withTrash,
    deleteOneMs: stats(single),
    deleteWhere10kMs: ms(median(where)),
    deleteWhere10kRunsMs: where.map(ms),
    deleteBulk1kMs: ms(median(byIds)),
  };

  if (withTrash) {
    const rowIds = Array.from({ length: 10_000 }, (_, k) => lastWhere.first + k);
    figures.restore10kMs = ms(
      await timed(() =>
        call("POST", `/api/v1/db/meta/projects/${P}/trash/restore`, { table_id: table.id, row_ids: rowIds }),
      ),
    );
    // 100,000 entries: the 10,000 back in the table go again, with 90,000 more.
    await insert(90_000, "many");
    await call("DELETE", `${B}/all`);
    const total = (await call("GET", `/api/v1/db/meta/projects/${P}/trash?limit=1`)).pageInfo.totalRows;
    const pages = [];
    for (let i = 0; i < 20; i++)
      pages.push(await timed(() => call("GET", `/api/v1/db/meta/projects/${P}/trash?limit=25`)));
    figures.trashEntries = total;
    figures.listFirstPageMs = stats(pages);
  }
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await server.stop();
}
