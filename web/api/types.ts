/**
 * Meta objects as the API returns them (API-CONTRACT 1.10), narrowed to what the screens read. The
 * main resources are derived from the Worker's own types (app-types.ts).
 */
import type { z } from "zod";
import type { SelectOptionInput } from "../../db/fields/common/select";
import type { FormulaField } from "../../db/fields/Formula";
import type { LookupField } from "../../db/fields/Lookup";
import type { RollupField } from "../../db/fields/Rollup";
import type { FieldType, UIType } from "../../db/fields/types";
import type { columnInput } from "../../db/schema/column-def";
import type { LinkInput } from "../../db/schema/links";
import type { appSettingsBody } from "@gridbase/worker/resources/org-users";
import type { Answer, ColumnAnswer, ProjectAnswer, RowListAnswer, TableAnswer, TableListAnswer } from "./app-types";

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

export type TableSummary = Pick<TableListAnswer["list"][number], "id" | "title" | "table_name" | "order"> &
  Partial<Pick<TableListAnswer["list"][number], "mm">>;

export type SelectOption = SelectOptionInput;

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

export type MetaDiffEntry = Answer<"/api/v1/db/meta/projects/:projectId/meta-diff", "$get">[number];

/** A project member; `roles` is the project role, `main_roles` the account's. */
export type Member = Answer<"/api/v1/db/meta/projects/:projectId/users", "$get">["users"]["list"][number];

export type SharedBase = Answer<"/api/v1/db/meta/projects/:projectId/shared", "$get">;

export type OrgUser = Answer<"/api/v1/users", "$get">["list"][number];

export type AppSettings = z.input<typeof appSettingsBody>;

/** The caller's roles: as a visitor, a signed-in user, or in a project (with `project_id`). */
type MeAnswer = Answer<"/api/v1/auth/user/me", "$get">;
export type MeRoles = Pick<MeAnswer, "roles"> &
  Partial<Pick<Extract<MeAnswer, { isPublicBase: boolean }>, "isAuthorized" | "isPublicBase">>;

export type MessageAnswer = Answer<"/api/v1/db/meta/tables/:tableId", "$patch">;

/** A computed type's settings as a request names them: each a text the server checks (db/schema/computed-fields.ts). */
type SettingsOf<F> = F extends FieldType<infer O> ? Partial<Record<NamedKeys<O>, string>> : never;
/** The keys a schema names (not the index signature of a loose object). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };

/**
 * A column payload for create and update (API-CONTRACT 4.3): db/schema/column-def.ts's input with
 * the type named; links, lookups, rollups and formulas add their settings at the top level
 * (db/schema/links.ts and the registry's option schemas).
 */
export type ColumnPayload = z.input<typeof columnInput> & { title: string; uidt: UIType } & Partial<
    Pick<LinkInput, "childId" | "parentId" | "type">
  > &
  SettingsOf<typeof LookupField> &
  SettingsOf<typeof RollupField> &
  Pick<SettingsOf<typeof FormulaField>, "formula_raw">;
