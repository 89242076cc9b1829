import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file gets fresh storage; bring D1 to the current schema first.
await applyD1Migrations(env.META, env.TEST_MIGRATIONS ?? []);
