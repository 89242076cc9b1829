// `npm run dev`: build the web app, migrate local D1, run `wrangler dev` (live reload on source changes).
import { buildWeb, migrate, startDev } from "./wrangler-env.mjs";

const port = Number(process.env.PORT ?? 8787);
buildWeb();
migrate();
console.log(`\n  Gridbase is starting at http://127.0.0.1:${port}\n`);
const dev = startDev({ port, inspectorPort: Number(process.env.INSPECTOR_PORT ?? 9229) });
dev.on("exit", (code) => process.exit(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => dev.kill(sig));
