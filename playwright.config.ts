import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8799);

// Debian's Chromium; Playwright never downloads a browser here (TOOLCHAIN.md).
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // Under CI the browser lane shares two cores with the vitest runs (scripts/test.mjs): a test that
  // fails once is run again and, if it passes, is named as flaky in npm test's closing lines.
  retries: process.env.CI ? 1 : 0,
  // npm test asks for "list,json" to count results; a plain run lists them.
  reporter: (process.env.PW_REPORTER ?? "list").split(",").map((name) => [name] as [string]),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
