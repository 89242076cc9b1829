// The end-to-end tests drive Debian's Chromium (Playwright never downloads a browser). On a machine
// without it, `npm test` installs it when it runs as root, and otherwise stops at once with the one
// command to run, so the README's two commands stay true on a fresh machine.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const installCommand = "apt-get update && apt-get install -y chromium";

export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `\nChromium is missing (${chromiumPath}). Install Debian's package, then run npm test again:\n\n  sudo sh -c '${installCommand}'\n`,
    );
    process.exit(1);
  }
  console.log(`\n=== Chromium is missing: installing Debian's package (${installCommand})`);
  const res = spawnSync("sh", ["-c", installCommand], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (res.status !== 0 || !existsSync(chromiumPath)) {
    console.error(`\nInstalling Chromium failed; run as root: ${installCommand}`);
    process.exit(1);
  }
}
