// `npm run bench`: runs every benchmark under tests/bench (not part of `npm test`).
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";

const dir = new URL("../tests/bench/", import.meta.url);
const only = process.argv[2];
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only)))
  .sort();
if (benches.length === 0) console.log("no benchmarks yet");
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const res = spawnSync(process.execPath, [new URL(file, dir).pathname], { stdio: "inherit" });
  if (res.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
