import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { freePort } from "./tests/support/free-port";

// wrangler.toml names the built web app as assets; the Worker tests need only the folder to exist.
mkdirSync("dist", { recursive: true });

process.env.FAKE_OAUTH_PORT ??= String(await freePort());
const oauth = `http://127.0.0.1:${process.env.FAKE_OAUTH_PORT}`;
process.env.FAKE_FILES_PORT ??= String(await freePort());
process.env.FAKE_TURNSTILE_PORT ??= String(await freePort());
process.env.FAKE_DNS_PORT ??= String(await freePort());
process.env.FAKE_TRAP_PORT ??= String(await freePort());
process.env.FAKE_OIDC_PORT ??= String(await freePort());
const migrations = await readD1Migrations(fileURLToPath(new URL("./db/meta/migrations", import.meta.url)));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["db/**/*.test.ts", "functions/**/*.test.ts", "web/**/*.test.ts", "locales/**/*.test.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest({
            main: "./functions/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                MODE: "local",
                JWT_TTL_SECONDS: "3600",
                TEST_MIGRATIONS: migrations,
                GOOGLE_CLIENT_ID: "google-client",
                GOOGLE_CLIENT_SECRET: "google-secret",
                GOOGLE_AUTH_URL: `${oauth}/google/auth`,
                GOOGLE_TOKEN_URL: `${oauth}/google/token`,
                GOOGLE_USERINFO_URL: `${oauth}/google/userinfo`,
                GITHUB_CLIENT_ID: "github-client",
                GITHUB_CLIENT_SECRET: "github-secret",
                GITHUB_AUTH_URL: `${oauth}/github/auth`,
                GITHUB_TOKEN_URL: `${oauth}/github/token`,
                GITHUB_API_URL: `${oauth}/github/api`,
                // Deleted records' files wait this long before removal (tests watch it happen).
                ATTACHMENT_REMOVE_AFTER_SECONDS: "2",
                // No daily snapshot after a project's first write (snapshots.test.ts takes its own).
                AUTO_SNAPSHOT_HOURS: "0",
                FAKE_FILES_URL: `http://127.0.0.1:${process.env.FAKE_FILES_PORT}`,
                TURNSTILE_VERIFY_URL: `http://127.0.0.1:${process.env.FAKE_TURNSTILE_PORT}/turnstile/v0/siteverify`,
                FAKE_TURNSTILE_URL: `http://127.0.0.1:${process.env.FAKE_TURNSTILE_PORT}`,
                // Names are resolved outside local mode (db/net/doh.ts): by a loopback stand-in with a trap listener.
                DNS_RESOLVER_URL: `http://127.0.0.1:${process.env.FAKE_DNS_PORT}/dns-query`,
                FAKE_DNS_URL: `http://127.0.0.1:${process.env.FAKE_DNS_PORT}`,
                FAKE_TRAP_PORT: process.env.FAKE_TRAP_PORT,
                // The OpenID provider SSO tests sign in through (tests/support/oidc-provider.ts).
                FAKE_OIDC_URL: `http://127.0.0.1:${process.env.FAKE_OIDC_PORT}`,
              },
            },
          }),
        ],
        test: {
          name: "worker",
          // One workerd for many files instead of one per file (about 20 s each to start on 2 cores);
          // setup.ts empties D1 before each file, and each test makes its own projects.
          isolate: false,
          // Each test makes real requests through workerd; leave room for a busy 2-core machine.
          testTimeout: 30_000,
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["./tests/integration/setup.ts"],
          globalSetup: [
            "./tests/integration/fake-oauth.global.ts",
            "./tests/integration/fake-files.global.ts",
            "./tests/integration/fake-turnstile.global.ts",
            "./tests/integration/fake-dns.global.ts",
            "./tests/integration/fake-oidc.global.ts",
          ],
        },
      },
      {
        test: {
          name: "build",
          environment: "node",
          include: ["tests/build/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "drivers",
          environment: "node",
          // Each test introspects and queries a real server over HTTP through the API; in CI the
          // browser lane runs beside it on the same 2 cores, where 5 s (vitest's default) ran out.
          testTimeout: 30_000,
          include: ["tests/drivers/**/*.test.ts"],
        },
      },
    ],
  },
});
