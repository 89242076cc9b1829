-- Signed-in devices (issue 41): one row per refresh-token family (a sign-in on one browser), with
-- where and in which browser it was last seen (written at sign-in and at each refresh).
CREATE TABLE sign_in_sessions (
  family_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  address TEXT,
  user_agent TEXT
);
CREATE INDEX sign_in_sessions_user ON sign_in_sessions (user_id, last_seen_at);
