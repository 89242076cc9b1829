// Field permissions and row rules benchmark (issue 23): an editor reads a page of 25 from a
// 100,000-row table, first with no rules, then with a row rule ("Owner is @me", half the rows
// match) and two hidden fields. Target: p50 with rules <= 1.2x p50 without. Both phases make the
// same requests from the same editor, alternated in rounds so that load drift hits both alike.
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const server = await startBenchServer();
try {
  const stamp = Date.now();
  const owner = await apiClient(server.base, `bench-owner-${stamp}@example.com`);
  const editorEmail = `bench-editor-${stamp}@example.com`;
  const editor = await apiClient(server.base, editorEmail);
  const project = await owner.call("POST", "/api/v1/db/meta/projects", { title: "Permissions bench" });
  await owner.call("POST", `/api/v1/db/meta/projects/${project.id}/users`, { email: editorEmail, roles: "editor" });
  const table = await owner.call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Deals",
    columns: [
      { title: "Title" },
      { title: "Owner" },
      { title: "Amount", uidt: "Number" },
      { title: "Cost", uidt: "Number" },
      { title: "Margin notes" },
      { title: "Stage" },
    ],
  });
  const col = (title) => table.columns.find((c) => c.title === title).id;
  for (let s = 0; s < ROWS; s += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, ROWS - s) }, (_, k) => {
      const i = s + k;
      return {
        Title: `deal ${i}`,
        Owner: i % 2 ? editorEmail : `other${i % 7}@example.com`,
        Amount: i % 1000,
        Cost: (i * 7) % 900,
        "Margin notes": `note ${i}`,
        Stage: `s${i % 5}`,
      };
    });
    await owner.call("POST", `/api/v1/db/data/bulk/noco/${project.id}/Deals`, rows);
  }
  const T = `/api/v1/db/data/noco/${project.id}/Deals`;
  const paths = [0, 25, 50, 100].map((offset) => `${T}?limit=25&offset=${offset}`);
  // A deep page is reported apart: under a rule matching half the rows, SQLite steps over twice
  // the rows to reach the same offset, a cost of paging rather than of the permissions.
  const deep = `${T}?limit=25&offset=25000`;
  const round = async (samples, deepSamples) => {
    for (const path of paths) samples.push(await timed(() => editor.call("GET", path)));
    deepSamples.push(await timed(() => editor.call("GET", deep)));
  };
  const rules = {
    roles: {
      editor: {
        fields: { [col("Cost")]: "hidden", [col("Margin notes")]: "hidden" },
        row_rule: [{ fk_column_id: col("Owner"), comparison_op: "eq", value: "@me" }],
      },
    },
  };
  const none = {
    roles: { editor: { fields: { [col("Cost")]: "editable", [col("Margin notes")]: "editable" }, row_rule: null } },
  };
  const plain = [];
  const narrowed = [];
  const deepPlain = [];
  const deepNarrowed = [];
  for (let r = 0; r < 6; r++) {
    await owner.call("PUT", `/api/v1/db/meta/tables/${table.id}/access`, none);
    for (const path of [...paths, deep]) await editor.call("GET", path); // warm: counts cached, as a user paging would have them
    for (let i = 0; i < 10; i++) await round(plain, deepPlain);
    await owner.call("PUT", `/api/v1/db/meta/tables/${table.id}/access`, rules);
    for (const path of [...paths, deep]) await editor.call("GET", path);
    for (let i = 0; i < 10; i++) await round(narrowed, deepNarrowed);
  }
  const page = await editor.call("GET", paths[0]);
  if (page.list.some((r) => r.Owner !== editorEmail || "Cost" in r || "Margin notes" in r))
    throw new Error("the rule or the hidden fields did not apply");
  const a = stats(plain);
  const b = stats(narrowed);
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        pageWithoutRulesMs: a,
        pageWithRuleAndTwoHiddenFieldsMs: b,
        ratioP50: +(b.p50 / a.p50).toFixed(2),
        target: "<= 1.2",
        deepPageRatioP50: +(stats(deepNarrowed).p50 / stats(deepPlain).p50).toFixed(2),
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
