// `npm test`: typecheck, lint, unit + Worker tests (vitest), end-to-end (Playwright, Debian's
// Chromium). Prints one closing count line and exits non-zero on any failure.
//
// Two lanes run side by side, because most steps keep one core busy and CI has two: the browser
// lane (Playwright's one worker, about half the time) and the checks lane (typecheck, lint, then the
// Worker tests). The other vitest projects are a third run (a project of the workers pool and the
// node projects are not run together by one vitest process), started when either lane is done.
// Each line is prefixed by its lane.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { ensureChromium } from "./chromium.mjs";
import { quietEnv } from "./wrangler-env.mjs";

ensureChromium();

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const out = ".test-output";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

/** Runs one command, its output prefixed with the lane's name; resolves to whether it passed. */
function step(lane, name, cmd, args, env = {}) {
  console.log(`[${lane}] === ${name} (at ${clock()})`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(bin(cmd), args, { stdio: ["ignore", "pipe", "pipe"], env: { ...quietEnv, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`[${lane}] ${line}`));
    }
    child.on("close", (code) => {
      const ok = code === 0;
      console.log(`[${lane}] --- ${name}: ${ok ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      if (!ok) failedSteps.push(name);
      resolve(ok);
    });
  });
}

/** A step that is not a test runner still counts: one check, passed or failed. */
async function check(lane, name, cmd, args) {
  if (await step(lane, name, cmd, args)) totals.passed += 1;
  else totals.failed += 1;
}

async function vitest(lane, name, projects) {
  const file = `${out}/vitest-${lane}.json`;
  const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
  for (const p of projects) args.push("--project", p);
  await step(lane, name, "vitest", args);
  if (!existsSync(file)) return void (totals.failed += 1);
  const r = JSON.parse(readFileSync(file, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + (r.numTotalTestSuites > 0 && r.numFailedTestSuites && !r.numFailedTests ? 1 : 0);
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

async function checksLane() {
  const lane = "checks";
  await check(lane, "typecheck", "tsc", ["-p", "tsconfig.json"]);
  await check(lane, "typecheck web", "tsc", ["--noEmit", "-p", "web/tsconfig.json"]);
  await check(lane, "typecheck tests", "tsc", ["--noEmit", "-p", "tests/tsconfig.json"]);
  await check(lane, "lint", "eslint", ["."]);
  await check(lane, "format (prettier)", "prettier", ["--check", "."]);
  await vitest(lane, "Worker tests (vitest, workerd)", ["worker"]);
}

async function browserLane() {
  const lane = "e2e";
  const ok = await step(lane, "end-to-end (Playwright, Chromium)", "playwright", ["test"], {
    PW_REPORTER: "list,json",
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
  });
  if (!existsSync(`${out}/playwright.json`)) return void (totals.failed += 1);
  const report = JSON.parse(readFileSync(`${out}/playwright.json`, "utf8"));
  const s = report.stats;
  flaky.push(...flakyTitles(report.suites ?? []));
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  if (s.unexpected === 0 && !ok) totals.failed += 1;
}

/**
 * Tests that failed first and passed when run again (Playwright's "flaky"), by file and title, with
 * the first lines of the first failure: the closing lines are often all a CI log keeps.
 */
function flakyTitles(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((t) => t.status === "flaky")
        .map((t) => `${spec.file}: ${spec.title}\n    ${firstError(t)}`),
    ),
    ...flakyTitles(suite.suites ?? []),
  ]);
}

function firstError(test) {
  const error = (test.results ?? []).find((r) => r.error)?.error;
  // eslint-disable-next-line no-control-regex
  const text = (error?.message ?? "(no message)").replace(/\x1b\[[0-9;]*m/g, "");
  return text.split("\n").filter(Boolean).slice(0, 6).join("\n    ").slice(0, 800);
}
const flaky = [];

// The node projects (unit, build, drivers) go to whichever lane is free first, so that a fast
// browser lane does not leave a core idle while the Worker tests finish.
const lanes = [checksLane(), browserLane()];
await Promise.race(lanes);
await Promise.all([...lanes, vitest("node", "unit, build and driver tests (vitest)", ["unit", "build", "drivers"])]);
if (flaky.length) console.log(`\nFlaky (failed once, passed when run again):\n  ${flaky.join("\n  ")}`);

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
console.log(`\nAll steps done in ${clock()}.`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
