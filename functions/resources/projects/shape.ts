import type { ProjectRow } from "../../lib/projects";
import { externalBase, sourceOf } from "./external";

/** The project's one base: its external database, or the default base in its Durable Object (SQLite). */
export function projectBase(project: ProjectRow, builder = false) {
  const source = sourceOf(project);
  return source ? externalBase(project, source, builder) : defaultBase(project);
}

/** The single default base of a project: its rows live in the project's Durable Object (SQLite). */
export function defaultBase(project: ProjectRow) {
  return {
    id: `ds_${project.id.slice(2)}`,
    project_id: project.id,
    alias: null,
    meta: null,
    is_meta: true,
    type: "sqlite3",
    inflection_column: "camelize",
    inflection_table: "camelize",
    enabled: true,
    order: 1,
    created_at: project.created_at,
    updated_at: project.updated_at,
  };
}

/** Project as the contract returns it (1.10): meta stays a JSON string, shared uuid only for builders. */
export function projectJson(
  project: ProjectRow,
  extra: { roles?: string | null; withBases?: boolean; showShare?: boolean } = {},
) {
  return {
    id: project.id,
    title: project.title,
    prefix: `nc_${project.id.slice(2, 6)}__`,
    status: project.status,
    description: project.description,
    meta: project.meta,
    color: project.color,
    ...(extra.showShare ? { uuid: project.shared_uuid, roles_shared: project.shared_role } : {}),
    ...(extra.roles !== undefined ? { roles: extra.roles } : {}),
    deleted: Boolean(project.deleted),
    is_meta: !project.source,
    order: project.sort_order,
    created_at: project.created_at,
    updated_at: project.updated_at,
    ...(extra.withBases ? { bases: [projectBase(project, extra.showShare)] } : {}),
  };
}
