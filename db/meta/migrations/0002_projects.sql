-- The project index and memberships (global data, D1). A project's schema and rows live in its
-- own Durable Object; this is what the Worker needs to find it and to check roles.
CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  color TEXT,
  -- JSON text; holds theme {primaryColor, accentColor}.
  meta TEXT NOT NULL DEFAULT '{}',
  status TEXT,
  -- Shared base link: uuid and the role its visitors get (viewer or editor).
  shared_uuid TEXT UNIQUE,
  shared_role TEXT,
  deleted INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX projects_creator ON projects (created_by, deleted);

CREATE TABLE project_users (
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- One of owner, creator, editor, commenter, viewer.
  roles TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_users_user ON project_users (user_id);
