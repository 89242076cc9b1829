// Realtime benchmark (issue: every open tab sees changes live): 50 sockets in one project room
// through wrangler dev on loopback. Targets: a change reaches all 50 clients in <= 200 ms p95;
// 50 concurrent editors writing the same table lose no update.
import WebSocket from "ws";
import { apiClient, startBenchServer, stats } from "./server.mjs";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const server = await startBenchServer(process.env.BENCH_PORT ? {} : { port: 8794, inspectorPort: 9254 });
try {
  const { call, token } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Realtime bench" });
  await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Cells",
    columns: [{ title: "Name" }, { title: "Value", uidt: "Number" }],
  });
  const T = `/api/v1/db/data/noco/${project.id}/Cells`;
  await call(
    "POST",
    `/api/v1/db/data/bulk/noco/${project.id}/Cells`,
    Array.from({ length: CLIENTS }, (_, i) => ({ Name: `row ${i}`, Value: 0 })),
  );

  // The session token rides as a subprotocol beside "gridbase", as the web client sends it.
  const wsUrl = `${server.base.replace("http", "ws")}/parties/project/${project.id}`;
  const sockets = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(wsUrl, ["gridbase", `auth.${token}`]);
          ws.on("open", () => resolve(ws));
          ws.on("error", reject);
        }),
    ),
  );

  // Fan-out latency: one update, time until every socket has the event.
  const fanout = [];
  for (let round = 0; round < 40; round++) {
    const value = 1000 + round;
    const arrived = sockets.map(
      (ws) =>
        new Promise((resolve) => {
          const onMessage = (data) => {
            const msg = JSON.parse(String(data));
            if (msg.type === "row" && msg.row?.Value === value) {
              ws.off("message", onMessage);
              resolve(performance.now());
            }
          };
          ws.on("message", onMessage);
        }),
    );
    const sent = performance.now();
    await call("PATCH", `${T}/1`, { Value: value });
    const times = await Promise.all(arrived);
    fanout.push(Math.max(...times) - sent);
  }

  // 50 editors at once, 10 rounds: each writes its own row; afterwards every last write is there.
  const ROUNDS = 10;
  const started = performance.now();
  for (let r = 1; r <= ROUNDS; r++) {
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => call("PATCH", `${T}/${i + 1}`, { Value: r * 100 + i })),
    );
  }
  const elapsed = performance.now() - started;
  const rows = (await call("GET", `${T}?limit=1000&sort=Id`)).list;
  const lost = rows.filter((row, i) => row.Value !== ROUNDS * 100 + i).length;
  // Same cell, everyone at once: the last committed write wins, and it is one of the writes.
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => call("PATCH", `${T}/1`, { Name: `writer ${i}` })));
  const sameCell = (await call("GET", `${T}/1`)).Name;

  for (const ws of sockets) ws.close();
  console.log(
    JSON.stringify(
      {
        clients: CLIENTS,
        fanoutToAllClientsMs: stats(fanout),
        concurrentEditors: {
          editors: CLIENTS,
          rounds: ROUNDS,
          writes: CLIENTS * ROUNDS,
          writesPerSecond: Math.round((CLIENTS * ROUNDS) / (elapsed / 1000)),
          lostUpdates: lost,
        },
        sameCellLastWriterWins: /^writer \d+$/.test(sameCell),
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
