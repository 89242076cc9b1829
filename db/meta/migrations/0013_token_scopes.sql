-- Scoped API tokens (issue 41): what a token may do, where, and until when. Older tokens keep
-- acting as their owner with all their rights ('full', every project, no expiry).
-- scope: 'full' as the owner; 'records' reads and writes records (no schema, views, members or
-- sharing); 'read' reads only (db/acl/token-scope.ts classifies each action of the matrix).
ALTER TABLE api_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'records', 'read'));
-- A JSON array of project ids the token is limited to; NULL for every project of its owner.
ALTER TABLE api_tokens ADD COLUMN project_ids TEXT;
-- ISO 8601 instant after which the token is refused (401); NULL for never.
ALTER TABLE api_tokens ADD COLUMN expires_at TEXT;
