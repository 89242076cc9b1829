import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Test files share one workerd (isolate: false, for speed) and so one D1: each file starts from an
// empty instance (no users, no outbox), as a fresh deployment would, with the current schema.
await applyD1Migrations(env.META, env.TEST_MIGRATIONS ?? []);
const tables = await env.META.prepare(
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
).all<{ name: string }>();
await env.META.batch([
  env.META.prepare("PRAGMA defer_foreign_keys = on"),
  ...tables.results.map((t) => env.META.prepare(`DELETE FROM "${t.name}"`)),
]);
