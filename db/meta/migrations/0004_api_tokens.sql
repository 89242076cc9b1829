-- API tokens (contract 3.3): sent as `xc-token`, acting as their owner. Stored as SHA-256 only;
-- the token itself is shown once, when it is made.
CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token_hash TEXT NOT NULL UNIQUE,
  -- The first characters, so a list can tell tokens apart without revealing them.
  token_hint TEXT NOT NULL,
  description TEXT,
  fk_user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX api_tokens_user ON api_tokens (fk_user_id);
