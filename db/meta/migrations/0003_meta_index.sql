-- Where a table, column or view lives: routes like /tables/{tableId} carry no project id, and
-- the project decides both the roles that apply and the Durable Object that holds the schema.
CREATE TABLE meta_index (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE
);
CREATE INDEX meta_index_project ON meta_index (project_id);
