// `npm start`: build the web app and the Worker, migrate local D1, serve the Worker in workerd
// through Miniflare (no development proxy) with D1, Durable Objects and R2 under .wrangler/state.
import { serveWorker } from "./serve-worker.mjs";
import { buildWeb, migrate } from "./wrangler-env.mjs";

const port = Number(process.env.PORT ?? 8787);
buildWeb();
migrate();
const server = await serveWorker({
  port,
  inspectorPort: process.env.INSPECTOR_PORT ? Number(process.env.INSPECTOR_PORT) : undefined,
  verbose: true,
});
console.log(
  `\n  Gridbase is running at http://127.0.0.1:${port}  (Ctrl+C stops it; \`npm run dev\` for live reload)\n`,
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void server.stop().then(() => process.exit(0)));
