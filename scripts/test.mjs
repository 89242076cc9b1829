// `npm test`: typecheck, lint, unit + Worker tests (vitest), end-to-end (Playwright, Debian's
// Chromium). Prints one closing count line and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./chromium.mjs";
import { quietEnv } from "./wrangler-env.mjs";

ensureChromium();

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const out = ".test-output";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const res = spawnSync(bin(cmd), args, { stdio: "inherit", env: { ...quietEnv, ...env } });
  console.log(`--- ${name}: ${res.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (res.status !== 0) failedSteps.push(name);
  return res.status === 0;
}

/** A step that is not a test runner still counts: one check, passed or failed. */
function check(name, cmd, args) {
  if (step(name, cmd, args)) totals.passed += 1;
  else totals.failed += 1;
}

check("typecheck", "tsc", ["-p", "tsconfig.json"]);
check("typecheck web", "tsc", ["--noEmit", "-p", "web/tsconfig.json"]);
check("typecheck tests", "tsc", ["--noEmit", "-p", "tests/tsconfig.json"]);
check("lint", "eslint", ["."]);
check("format (prettier)", "prettier", ["--check", "."]);

step("unit and worker tests (vitest)", "vitest", [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${out}/vitest.json`,
]);
if (existsSync(`${out}/vitest.json`)) {
  const r = JSON.parse(readFileSync(`${out}/vitest.json`, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (r.numTotalTestSuites > 0 && r.numFailedTestSuites && !r.numFailedTests ? 1 : 0);
  totals.skipped += r.numPendingTests + r.numTodoTests;
} else {
  totals.failed += 1;
}

step("end-to-end (Playwright, Chromium)", "playwright", ["test"], {
  PW_REPORTER: "list,json",
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
});
if (existsSync(`${out}/playwright.json`)) {
  const s = JSON.parse(readFileSync(`${out}/playwright.json`, "utf8")).stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  if (s.unexpected === 0 && failedSteps.includes("end-to-end (Playwright, Chromium)")) totals.failed += 1;
} else {
  totals.failed += 1;
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
