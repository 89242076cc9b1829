/**
 * Meta objects as the API returns them (API-CONTRACT 1.10), narrowed to what the screens read. The
 * main resources are derived from the Worker's own types (app-types.ts).
 */
import type { UIType } from "../../db/fields/types";
import type { ColumnAnswer, ProjectAnswer, RowListAnswer, TableAnswer, TableListAnswer } from "./app-types";

/** The paging block of every list answer (db/page-info.ts), as the rows list carries it. */
export type PageInfo = Omit<RowListAnswer["pageInfo"], "approximate">;

type BaseAnswer = NonNullable<ProjectAnswer["bases"]>[number];
/** The base shapes that carry `config` (an external database's, for builders). */
type WithConfig<T> = T extends unknown ? ("config" extends keyof T ? T : never) : never;

/** The project's base: `is_meta` false for an external database (with `config` for builders, never a password). */
export type ProjectBase = Pick<BaseAnswer, "id" | "type" | "is_meta"> & Partial<Pick<WithConfig<BaseAnswer>, "config">>;

/**
 * A project as the projects list answers it. `meta` is JSON text from this server, an object from
 * some NocoDB servers; `roles` is the caller's role in the project as a comma list.
 */
export type Project = Pick<ProjectAnswer, "id" | "title" | "color"> &
  Partial<Pick<ProjectAnswer, "roles" | "created_at" | "updated_at">> & {
    meta: ProjectAnswer["meta"] | Record<string, unknown> | null;
    bases?: ProjectBase[];
  };

export interface MetaDiffEntry {
  table_name: string;
  type: string;
  detectedChanges: Array<{ type: string; msg: string }>;
}

export type TableSummary = Pick<TableListAnswer["list"][number], "id" | "title" | "table_name" | "order"> &
  Partial<Pick<TableListAnswer["list"][number], "mm">>;

export interface SelectOption {
  id?: string | null;
  title: string;
  color?: string | null;
  order?: number | null;
}

/**
 * A column as the table answer carries it, narrowed to what the screens read. Options differ per
 * type (db/fields/<type>.ts holds their schemas), so the web reads them as a record.
 */
export type Column = Pick<
  ColumnAnswer,
  "id" | "title" | "column_name" | "uidt" | "pk" | "pv" | "rqd" | "cdf" | "system"
> &
  Partial<Pick<ColumnAnswer, "ai" | "order" | "filter_uidt">> & {
    meta: ColumnAnswer["meta"] | null;
    colOptions?: Record<string, unknown> & { options?: SelectOption[] };
    /** Set when the caller's role may read but not change the field (table access settings, issue 23). */
    access?: "read-only";
  };

export type ViewSummary = Pick<TableAnswer["views"][number], "id" | "title" | "type" | "is_default">;

export type TableMeta = TableSummary & { columns: Column[]; views: ViewSummary[] };

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
  refuse_program_uploads?: boolean;
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
