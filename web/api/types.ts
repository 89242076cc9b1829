/** Meta objects as the API returns them (API-CONTRACT 1.10), narrowed to what the screens read. */
import type { UIType } from "../../db/fields/types";

export interface PageInfo {
  totalRows: number;
  page: number;
  pageSize: number;
  isFirstPage: boolean;
  isLastPage: boolean;
}

export interface Project {
  id: string;
  title: string;
  color: string | null;
  /** JSON text (or an object) holding `theme: {primaryColor, accentColor}`. */
  meta: string | Record<string, unknown> | null;
  /** The caller's role in the project, as a comma list. */
  roles?: string | null;
  created_at?: string;
  updated_at?: string;
  /** The project's base: `is_meta` false for an external database (with `config` for builders, never a password). */
  bases?: ProjectBase[];
}

export interface ProjectBase {
  id: string;
  type: string;
  is_meta: boolean;
  config?: {
    client: string;
    connection: { host?: string; port?: number; user?: string; database?: string; url?: string; ssl?: string };
    searchPath?: string[];
  };
}

export interface MetaDiffEntry {
  table_name: string;
  type: string;
  detectedChanges: Array<{ type: string; msg: string }>;
}

export interface TableSummary {
  id: string;
  title: string;
  table_name: string;
  order: number;
  mm?: boolean;
}

export interface SelectOption {
  id?: string | null;
  title: string;
  color?: string | null;
  order?: number | null;
}

export interface Column {
  id: string;
  title: string;
  column_name: string | null;
  uidt: UIType;
  pk: boolean;
  pv: boolean;
  rqd: boolean;
  ai?: boolean;
  cdf: string | null;
  system: boolean;
  order?: number;
  meta: Record<string, unknown> | null;
  colOptions?: Record<string, unknown> & { options?: SelectOption[] };
  /** Computed columns: the type their values filter as (the server's db/query/result-type.ts). */
  filter_uidt?: UIType;
  /** Set when the caller's role may read but not change the field (table access settings, issue 23). */
  access?: "read-only";
}

export interface ViewSummary {
  id: string;
  title: string;
  type: number;
  is_default: boolean;
}

export interface TableMeta extends TableSummary {
  columns: Column[];
  views: ViewSummary[];
}

export interface Member {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  /** The project role; null when not a member. */
  roles: string | null;
  main_roles: string | null;
  pending: boolean;
}

export interface SharedBase {
  uuid: string | null;
  roles: string;
  url?: string;
}

export interface OrgUser {
  id: string;
  email: string;
  firstname?: string | null;
  lastname?: string | null;
  roles: string;
  pending: boolean;
  projectsCount: number;
  created_at: string;
}

export interface AppSettings {
  invite_only_signup?: boolean;
}

export interface MeRoles {
  roles: Record<string, boolean>;
  isPublicBase?: boolean;
  /** Present when the call was made as a signed-in user (the session token was accepted). */
  isAuthorized?: boolean;
}

export interface MessageAnswer {
  msg: string;
}

/** A column payload for create and update (API-CONTRACT 4.3). */
export interface ColumnPayload {
  title: string;
  column_name?: string;
  uidt: UIType;
  meta?: Record<string, unknown>;
  colOptions?: Record<string, unknown> | null;
  rqd?: boolean;
  cdf?: string | null;
  /** LinkToAnotherRecord: the other table and the relation. */
  childId?: string;
  parentId?: string;
  type?: "hm" | "bt" | "mm";
  /** Lookup and Rollup: the link of this table and the column of the linked table. */
  fk_relation_column_id?: string;
  fk_lookup_column_id?: string;
  fk_rollup_column_id?: string;
  rollup_function?: string;
  /** Formula: the text with {Title} references. */
  formula_raw?: string;
}
