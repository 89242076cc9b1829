-- Two-factor sign-in (issue 41): a user's TOTP secret, sealed with SETTINGS_KEY, and the last
-- time step a code was accepted for (a code never works twice); `enabled` once a first code proved
-- the app holds the secret. Recovery codes are kept only as hashes, each used once.
CREATE TABLE user_two_factor (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0,
  last_step INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  enabled_at TEXT
);

CREATE TABLE user_recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (user_id, code_hash)
);
