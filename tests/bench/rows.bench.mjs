// Rows API benchmark (issue 14): our Worker served as `npm start` serves it, and optionally the
// peer (PEER_URL: a NocoDB started with ../shared/peer/setup-nocodb.sh), measured in one run over
// the same NocoDB v1 requests, figure by figure; prints both sets of figures and
// our ratio per figure.
//   npm run bench rows                                   our figures only
//   PEER_URL=http://127.0.0.1:8080 npm run bench rows   ours, the peer's, ratios
// BENCH_ROWS (default 100000), BENCH_PORT (default 8790); the peer account is BENCH_EMAIL /
// BENCH_PASSWORD (NocoDB makes only its first user a project creator).
import { apiFigures, ratios, sideBySideFigures } from "./api-figures.mjs";
import { startBenchServer } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const peerUrl = process.env.PEER_URL;
if (peerUrl && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/?$/.test(peerUrl))
  throw new Error("PEER_URL must be a loopback http URL");

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
const out = {};
try {
  if (peerUrl) {
    // Both servers in one run, each figure on one and then at once on the other, so a load
    // change on a shared machine weighs on both sides of a ratio alike (api-figures.mjs).
    const peerCreds = {
      email: process.env.BENCH_EMAIL ?? "bench@example.com",
      password: process.env.BENCH_PASSWORD ?? "Password123!",
    };
    [out.us, out.peer] = await sideBySideFigures([server.base, peerUrl.replace(/\/$/, "")], ROWS, [
      undefined,
      peerCreds,
    ]);
    out.ratios = ratios(out.us, out.peer);
  } else {
    out.us = await apiFigures(server.base, ROWS);
  }
} finally {
  await server.stop();
}
console.log(JSON.stringify(out, null, 2));
