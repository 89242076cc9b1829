// Serves the built Worker with workerd through Miniflare's API: no development proxy in front of
// every request (wrangler dev adds one; TOOLCHAIN.md measured 4.3 ms against 1.9 ms per no-op
// request). Bindings, assets (SPA fallback, run_worker_first) and compatibility come from
// wrangler.toml; the state folder is the one `wrangler d1 migrations apply --local` writes.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { quietEnv } from "./wrangler-env.mjs";

const root = new URL("../", import.meta.url).pathname;
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

/** The production bundle (what `wrangler deploy` would upload), written to `outdir`. */
export function bundleWorker(outdir = ".wrangler/worker-bundle") {
  const res = spawnSync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    cwd: root,
    stdio: "inherit",
    env: { ...quietEnv, CI: "true" },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
  return `${root}${outdir}/index.js`;
}

/**
 * The socket's entry, written beside the bundle: the platform's routing of a request between the
 * Worker and the static assets (wrangler.toml `run_worker_first`, then "an asset exists?"), done
 * in the Worker's own isolate. Miniflare otherwise sends every request through two workers of its
 * own first (an RPC proxy and the assets router, which compiles each glob again per request):
 * measured on a single-row update, a sixth of the request's time (issue 14). The Worker's code
 * and its default export are unchanged; `direct` is used only by this socket.
 */
function writeDirectEntry(scriptPath, routerConfig) {
  const rules = (list) => (list ?? []).map((glob) => `^${glob.split("*").map(escapeRegex).join(".*")}$`);
  const routing = routerConfig?.static_routing ?? {};
  const path = scriptPath.replace(/[^/]+$/, "direct-entry.js");
  writeFileSync(
    path,
    `// Written by scripts/serve-worker.mjs (local serving only).
import worker from "./index.js";
export * from "./index.js";
export default worker;
const toAssets = ${JSON.stringify(rules(routing.asset_worker))}.map((r) => new RegExp(r));
const toWorker = ${JSON.stringify(rules(routing.user_worker))}.map((r) => new RegExp(r));
const workerFirst = ${JSON.stringify(Boolean(routerConfig?.invoke_user_worker_ahead_of_assets))};
export const direct = {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (!toAssets.some((r) => r.test(pathname))) {
      if (workerFirst || toWorker.some((r) => r.test(pathname))) return worker.fetch(request, env, ctx);
      const probe = new Request(request.url, { headers: request.headers, method: request.method });
      if (!(await env.ASSETS.unstable_canFetch(probe))) return worker.fetch(request, env, ctx);
    }
    return env.ASSETS.fetch(request);
  },
};
`,
  );
  return path;
}

const escapeRegex = (s) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&");

/**
 * Starts the bundled Worker on 127.0.0.1:`port` with D1, Durable Objects and R2 kept under
 * `persistTo` (default `.wrangler/state`, where `npm run dev` keeps its data too).
 * `vars` are extra string bindings; MODE is always "local" here.
 */
export async function serveWorker({
  port,
  persistTo = ".wrangler/state",
  vars = {},
  inspectorPort,
  verbose = false,
  entryPort = 0,
}) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${root}wrangler.toml`);
  const bundle = bundleWorker();
  const main = writeDirectEntry(bundle, workerOptions.assets?.routerConfig);
  const state = `${root}${persistTo}/v3`;
  const mf = new Miniflare({
    ...workerOptions,
    // The Durable Object storage key is `<worker name>-<class>`: "gridbase" matches wrangler dev's.
    name: "gridbase",
    // Both modules named (the first is the main one): Miniflare's own import walk would stop at
    // the bundle's imports of Node built-ins, which workerd resolves itself (nodejs_compat).
    modules: [
      { type: "ESModule", path: main },
      { type: "ESModule", path: bundle },
    ],
    modulesRoot: bundle.replace(/\/[^/]+$/, ""),
    bindings: { ...workerOptions.bindings, MODE: "local", ...vars },
    // The Worker's own socket on `port`, without Miniflare's entry worker in front of it (one
    // hop less per request). Miniflare's entry socket still opens, on a free port nobody uses.
    unsafeDirectSockets: [{ host: "127.0.0.1", port, entrypoint: "direct" }],
    host: "127.0.0.1",
    port: entryPort,
    inspectorPort,
    d1Persist: `${state}/d1`,
    durableObjectsPersist: `${state}/do`,
    r2Persist: `${state}/r2`,
    kvPersist: `${state}/kv`,
    cachePersist: `${state}/cache`,
    // No request.cf download attempt (TOOLCHAIN.md): the placeholder is enough locally.
    cf: false,
    log: new Log(verbose ? LogLevel.INFO : LogLevel.WARN),
  });
  const entry = await mf.ready;
  return { url: await mf.unsafeGetDirectURL(undefined, "direct"), entry, mf, stop: () => mf.dispose() };
}
