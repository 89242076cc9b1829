-- Passkeys (issue 41): a user's WebAuthn credentials (public key only; the private key never leaves
-- the authenticator) with the signature counter kept for clone detection, and the challenges the
-- server handed out, each for one ceremony: taken (deleted) by the first verify that presents it.
CREATE TABLE user_passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX user_passkeys_user ON user_passkeys (user_id, created_at);

CREATE TABLE passkey_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  user_id TEXT,
  expires_at INTEGER NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
