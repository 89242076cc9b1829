import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, expect, test } from "vitest";

// The Workers free plan takes a bundle of at most 3 MB gzipped; `wrangler deploy --dry-run` builds
// exactly what `npm run deploy` would upload, without an account.
const FREE_PLAN_LIMIT = 3 * 1024 * 1024;
const outdir = mkdtempSync(join(tmpdir(), "gridbase-dry-run-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

test("the Worker bundle builds for deploy and fits the free plan", () => {
  mkdirSync("dist", { recursive: true }); // assets folder named by wrangler.toml
  const res = spawnSync("node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", outdir], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  expect(res.status, res.stderr + res.stdout).toBe(0);
  expect(res.stdout).toContain("--dry-run: exiting now.");
  const gzipped = gzipSync(readFileSync(join(outdir, "index.js"))).length;
  console.log(`Worker bundle: ${(gzipped / 1024).toFixed(0)} KiB gzipped`);
  expect(gzipped).toBeGreaterThan(10_000);
  expect(gzipped).toBeLessThan(FREE_PLAN_LIMIT);
}, 120_000);
