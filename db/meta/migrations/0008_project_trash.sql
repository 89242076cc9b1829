-- Project trash (issue 35): when a project was deleted, so it is purged for good after the
-- retention (TRASH_RETENTION_DAYS, default 30). Projects deleted before this step count from
-- their last change.
ALTER TABLE projects ADD COLUMN deleted_at TEXT;
UPDATE projects SET deleted_at = updated_at WHERE deleted = 1;
CREATE INDEX projects_trash ON projects (deleted, deleted_at);
