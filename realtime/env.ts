/**
 * Bindings and settings the Worker and the room receive (wrangler.toml, secrets, `--var`). Here, below
 * the Worker, so that the room reads them without an import back up; the Worker types the PROJECT
 * stub as the room's class where it calls it (functions/lib/room.ts).
 */
export interface Env {
  META: D1Database;
  PROJECT: DurableObjectNamespace;
  ATTACHMENTS: R2Bucket;
  ASSETS?: Fetcher;
  /** "local" enables dev-only conveniences (dev JWT secret, outbox reader, logged mail links). */
  MODE?: string;
  /** How deep a chain of automations may go before its runs are skipped (default 3). */
  AUTOMATION_MAX_DEPTH?: string;
  /**
   * Run retention (db/automations/retention.ts): a finished run is pruned once it is both older
   * than AUTOMATION_RUN_DAYS (default 30) and not among its automation's newest
   * AUTOMATION_RUNS_KEPT (default 1000).
   */
  AUTOMATION_RUNS_KEPT?: string;
  AUTOMATION_RUN_DAYS?: string;
  JWT_SECRET?: string;
  /** Signs the expiring links to uploaded files; required outside local mode. */
  ATTACHMENT_SECRET?: string;
  /** Seconds a deleted record's files wait before leaving the bucket (undo window), default 3600. */
  ATTACHMENT_REMOVE_AFTER_SECONDS?: string;
  /**
   * Minutes between the room's own reads of an external database's schema (on the first row
   * request after them; db/external/sync-schedule.ts), default 60; 0 turns it off.
   */
  EXTERNAL_SYNC_MINUTES?: string;
  /** Days a deleted record, field, table or view stays in the trash before it is purged, default 30. */
  TRASH_RETENTION_DAYS?: string;
  /** Hours between automatic daily snapshots, taken after a write (default 24; 0 turns them off). */
  AUTO_SNAPSHOT_HOURS?: string;
  /** Encrypts external database credentials at rest (AES-GCM); required for external projects outside local mode. */
  CONNECTION_KEY?: string;
  /** Session token lifetime in seconds (default 3600). */
  JWT_TTL_SECONDS?: string;
  INVITE_ONLY_SIGNUP?: string;
  /** Attempts per minute per e-mail and per client address on sign-in and forgot-password. */
  RATE_LIMIT_PER_MINUTE?: string;
  /** Public origin used in mailed links; defaults to the request origin. */
  SITE_URL?: string;
  EMAIL_HTTP_URL?: string;
  EMAIL_HTTP_TOKEN?: string;
  EMAIL_FROM?: string;
  /** Seals the app store's settings (AES-GCM); a development key is used only in local mode. */
  SETTINGS_KEY?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_USERINFO_URL?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  GITHUB_AUTH_URL?: string;
  GITHUB_TOKEN_URL?: string;
  GITHUB_API_URL?: string;
  /** DNS-over-HTTPS resolver (JSON API) user-given names are checked with outside local mode; default Cloudflare's. */
  DNS_RESOLVER_URL?: string;
  /** Cloudflare Turnstile's verify endpoint for shared forms; default Cloudflare's (tests point it at a loopback stand-in). */
  TURNSTILE_VERIFY_URL?: string;
}
