// Serves the built Worker with workerd through Miniflare's API: no development proxy in front of
// every request (wrangler dev adds one; TOOLCHAIN.md measured 4.3 ms against 1.9 ms per no-op
// request). Bindings, assets (SPA fallback, run_worker_first) and compatibility come from
// wrangler.toml; the state folder is the one `wrangler d1 migrations apply --local` writes.
import { spawnSync } from "node:child_process";
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
  const scriptPath = bundleWorker();
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${root}wrangler.toml`);
  const state = `${root}${persistTo}/v3`;
  const mf = new Miniflare({
    ...workerOptions,
    // The Durable Object storage key is `<worker name>-<class>`: "gridbase" matches wrangler dev's.
    name: "gridbase",
    modules: true,
    scriptPath,
    modulesRoot: scriptPath.replace(/\/[^/]+$/, ""),
    bindings: { ...workerOptions.bindings, MODE: "local", ...vars },
    // The Worker's own socket on `port`, without Miniflare's entry worker in front of it (one
    // hop less per request). Miniflare's entry socket still opens, on a free port nobody uses.
    unsafeDirectSockets: [{ host: "127.0.0.1", port }],
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
  return { url: await mf.unsafeGetDirectURL(), entry, mf, stop: () => mf.dispose() };
}
