-- The app store (/apps): the instance's integrations, configured once by a super admin. `config`
-- is AES-GCM ciphertext (key from the SETTINGS_KEY secret); `hint` is the masked form shown back.
CREATE TABLE integrations (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  config TEXT NOT NULL,
  hint TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (kind, title)
);
