-- External databases (issue 20): the project's base as the API shows it, without credentials
-- (JSON {id, type, alias, inflection_column, inflection_table}); NULL for a native project.
-- The encrypted connection itself lives in the project's Durable Object only.
ALTER TABLE projects ADD COLUMN source TEXT;
