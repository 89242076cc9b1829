// Shared by the start, e2e and bench scripts: how we run wrangler locally.
import { spawn, spawnSync } from "node:child_process";

export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  // Stops a download attempt (and its error) at every start (TOOLCHAIN.md).
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

export function run(name, args, opts = {}) {
  const res = spawnSync(bin(name), args, { stdio: "inherit", env: quietEnv, ...opts });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

export function buildWeb() {
  run("vite", ["build", "--logLevel", "warn"]);
}

export function migrate(persistTo) {
  const args = ["d1", "migrations", "apply", "META", "--local"];
  if (persistTo) args.push("--persist-to", persistTo);
  run("wrangler", args, { env: { ...quietEnv, CI: "true" } });
}

/** Starts `wrangler dev` on loopback with local state; vars are `KEY:VALUE` strings. */
export function startDev({ port, inspectorPort, persistTo, vars = [], stdio = "inherit" }) {
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--var",
    "MODE:local",
  ];
  if (persistTo) args.push("--persist-to", persistTo);
  for (const v of vars) args.push("--var", v);
  return spawn(bin("wrangler"), args, { stdio, env: quietEnv });
}
