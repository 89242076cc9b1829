// The server Playwright starts: a fresh local instance (its own state folder) on a test port.
import { rmSync } from "node:fs";
import { buildWeb, migrate, startDev } from "./wrangler-env.mjs";

const port = Number(process.env.E2E_PORT ?? 8799);
// One state folder per port, so two runs on different ports never share (or wipe) data.
const persistTo = `.wrangler/e2e-state-${port}`;
rmSync(persistTo, { recursive: true, force: true });
buildWeb();
migrate(persistTo);
const dev = startDev({
  port,
  inspectorPort: Number(process.env.E2E_INSPECTOR_PORT ?? 9239),
  persistTo,
});
dev.on("exit", (code) => process.exit(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => dev.kill(sig));
