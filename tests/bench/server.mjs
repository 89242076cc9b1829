// A local instance for benchmarks: the built Worker in workerd through Miniflare (as `npm start`
// serves it, no development proxy) on loopback with its own fresh state folder.
import { mkdirSync, rmSync } from "node:fs";
import { serveWorker } from "../../scripts/serve-worker.mjs";
import { buildWeb, migrate } from "../../scripts/wrangler-env.mjs";

// BENCH_PORT / BENCH_INSPECTOR_PORT move every benchmark's server (engineers share one machine).
export async function startBenchServer({
  port = Number(process.env.BENCH_PORT ?? 8790),
  inspectorPort = process.env.BENCH_INSPECTOR_PORT ? Number(process.env.BENCH_INSPECTOR_PORT) : undefined,
  build = false,
  vars = {},
} = {}) {
  const persistTo = `.wrangler/bench-state-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  // API benchmarks need no web app, but the Worker's build names dist/ as its assets folder.
  if (build) buildWeb();
  else mkdirSync("dist", { recursive: true });
  migrate(persistTo);
  const server = await serveWorker({
    port,
    inspectorPort,
    persistTo,
    // BENCH_VERBOSE=1: the Worker's own logs and errors (what a crashing instance said).
    verbose: !!process.env.BENCH_VERBOSE,
    vars: { RATE_LIMIT_PER_MINUTE: "100000", ...vars },
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => server.stop() };
}

/** A signed-in API caller with JSON helpers; fails loudly on any non-2xx. */
export async function apiClient(base, email = `bench-${Date.now()}@example.com`) {
  const signup = await fetch(`${base}/api/v1/auth/user/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-password-123" }),
  });
  const { token } = await signup.json();
  const call = async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { "xc-auth": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return { token, call };
}

export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: +at(0.5).toFixed(2), p95: +at(0.95).toFixed(2), max: +s[s.length - 1].toFixed(2) };
}

export async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}
