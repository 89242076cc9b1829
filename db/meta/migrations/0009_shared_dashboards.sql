-- Shared dashboards (issue 38): a dashboard's public link lives here, in D1, so a visitor's request
-- finds its project from the uuid alone (as shared_views). The password is a PBKDF2 hash;
-- `expires_at` (ISO, null: never) ends the link; `version` grows with every change of the share
-- and is part of the edge cache key of the public dashboard.
CREATE TABLE shared_dashboards (
  dashboard_id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  uuid TEXT NOT NULL UNIQUE,
  password_hash TEXT,
  expires_at TEXT,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);
CREATE INDEX shared_dashboards_project ON shared_dashboards (project_id);
