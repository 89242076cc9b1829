// The server Playwright starts: a fresh local instance (its own state folder) on a test port,
// served like `npm start` (workerd through Miniflare, no development proxy).
import { rmSync } from "node:fs";
import { serveWorker } from "./serve-worker.mjs";
import { buildWeb, migrate } from "./wrangler-env.mjs";

const port = Number(process.env.E2E_PORT ?? 8799);
// One state folder per port, so two runs on different ports never share (or wipe) data.
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(persistTo, { recursive: true, force: true });
buildWeb();
migrate(persistTo);
const server = await serveWorker({
  port,
  persistTo,
  inspectorPort: Number(process.env.E2E_INSPECTOR_PORT ?? 9239),
  verbose: true,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void server.stop().then(() => process.exit(0)));
