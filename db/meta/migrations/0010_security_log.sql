-- Security log (issue 41): sign-ins and their failures, two-factor changes, password changes,
-- API tokens made, deleted and first used, role changes and share links made. Kept 90 days
-- (older rows go on the next write), shown to the super admin and exported as CSV.
CREATE TABLE security_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  user_id TEXT,
  email TEXT,
  address TEXT,
  user_agent TEXT,
  detail TEXT
);
CREATE INDEX security_events_at ON security_events (at);
CREATE INDEX security_events_kind ON security_events (kind, at);

-- When an API token was first and last used (last use is written at most once a minute).
ALTER TABLE api_tokens ADD COLUMN first_used_at TEXT;
ALTER TABLE api_tokens ADD COLUMN last_used_at TEXT;
