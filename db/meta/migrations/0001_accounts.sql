-- Accounts and sessions (global data, D1).
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  -- pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>; NULL until an invited user sets one.
  password_hash TEXT,
  firstname TEXT,
  lastname TEXT,
  -- Org roles as a comma list: super, admin, org-level-creator, org-level-viewer, guest.
  roles TEXT NOT NULL,
  -- Rotated on sign-out and password change; tokens carrying an older value are refused.
  token_version TEXT NOT NULL,
  email_verified INTEGER NOT NULL DEFAULT 0,
  provider TEXT,
  invite_token TEXT UNIQUE,
  invite_expires_at INTEGER,
  reset_token_hash TEXT UNIQUE,
  reset_expires_at INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Refresh tokens are stored as SHA-256 hashes. Each sign-in starts a family; a refresh rotates
-- within it. Presenting a rotated token again revokes the whole family (theft detection).
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE app_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Local-mode mailer writes here instead of sending.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_to ON outbox (to_email, id);

-- Fixed one-minute windows per key (e.g. "signin:email:a@b.c", "signin:ip:1.2.3.4").
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);
