-- Shared views (contract 4.5, 6): a view's public link lives here, in D1, so a visitor's request
-- finds its project from the uuid alone. The password is a PBKDF2 hash (db/auth/password.ts);
-- `version` grows with every change to the share, and is part of the edge cache key of the meta.
CREATE TABLE shared_views (
  view_id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  table_id TEXT NOT NULL,
  uuid TEXT UNIQUE,
  password_hash TEXT,
  meta TEXT NOT NULL DEFAULT '{}',
  version INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);
CREATE INDEX shared_views_table ON shared_views (project_id, table_id);
