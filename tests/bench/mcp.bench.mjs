// MCP server benchmark (issue 40): the official MCP client's `query_records` against the v1 list it
// wraps, for the same API token, table and query (a page of 25 of 10,000 rows, filtered and
// sorted). Both go through the same data port; the MCP call adds its JSON-RPC envelope and the
// table's lookup by title. Reported: both p50s and their ratio (target: MCP p50 <= 1.5x v1 p50).
// Rounds alternate the two so that load drift hits both alike.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const server = await startBenchServer();
try {
  const owner = await apiClient(server.base, `bench-mcp-${Date.now()}@example.com`);
  const project = await owner.call("POST", "/api/v1/db/meta/projects", { title: "MCP bench" });
  await owner.call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Deals",
    columns: [{ title: "Name" }, { title: "Stage" }, { title: "Amount", uidt: "Number" }],
  });
  for (let s = 0; s < ROWS; s += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, ROWS - s) }, (_, k) => ({
      Name: `deal ${s + k}`,
      Stage: `s${(s + k) % 5}`,
      Amount: (s + k) % 1000,
    }));
    await owner.call("POST", `/api/v1/db/data/bulk/noco/${project.id}/Deals`, rows);
  }
  const { token } = await owner.call("POST", `/api/v1/db/meta/projects/${project.id}/api-tokens`, {
    description: "bench",
  });

  const where = "(Stage,eq,s1)";
  const v1Path = `/api/v1/db/data/noco/${project.id}/Deals?where=${encodeURIComponent(where)}&sort=-Amount&limit=25`;
  const v1 = async () => {
    const res = await fetch(server.base + v1Path, { headers: { "xc-token": token } });
    if (!res.ok) throw new Error(`v1 ${res.status}`);
    return res.json();
  };
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.base}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const mcp = async () => {
    const res = await client.callTool({
      name: "query_records",
      arguments: { table: "Deals", project: project.id, where, sort: ["-Amount"], limit: 25 },
    });
    if (res.isError) throw new Error(`mcp ${res.content[0].text}`);
    return JSON.parse(res.content[0].text);
  };
  // Same answer: the MCP tool is the v1 list.
  const [a, b] = [await v1(), await mcp()];
  if (JSON.stringify(a.list) !== JSON.stringify(b.list)) throw new Error("query_records and the v1 list differ");

  const v1Samples = [];
  const mcpSamples = [];
  for (let i = 0; i < 5; i++) await Promise.all([v1(), mcp()]);
  for (let r = 0; r < 60; r++) {
    v1Samples.push(await timed(v1));
    mcpSamples.push(await timed(mcp));
  }
  await client.close();
  const x = stats(v1Samples);
  const y = stats(mcpSamples);
  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        v1ListMs: x,
        mcpQueryRecordsMs: y,
        ratioP50: +(y.p50 / x.p50).toFixed(2),
        target: "<= 1.5",
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
