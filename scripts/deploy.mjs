// `npm run deploy`: build the web app, apply the D1 migrations to the remote database, deploy the
// Worker. README's "Deploy" section lists what a new Cloudflare account needs first.
import { readFileSync } from "node:fs";
import { buildWeb, run } from "./wrangler-env.mjs";

// The id committed in wrangler.toml is a local placeholder; a real deploy needs the account's own.
const PLACEHOLDER_D1_ID = "5b0f2a8e-4d3c-4f1e-9a51-2c7f0d6b9e11";
if (readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8").includes(PLACEHOLDER_D1_ID)) {
  console.error(
    "wrangler.toml still names the local placeholder D1 database. Run `npx wrangler d1 create gridbase-meta`\n" +
      "and put the database_id it prints into wrangler.toml (README: Deploy).",
  );
  process.exit(1);
}
buildWeb();
run("wrangler", ["d1", "migrations", "apply", "META", "--remote"]);
run("wrangler", ["deploy"]);
