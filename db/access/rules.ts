import { z } from "zod";
import { ACCESS_ROLES, FIELD_MODES, type AccessRole, type FieldMode } from "./reader";
import { bad } from "../errors";
import { fieldType } from "../fields/registry";
import type { Dialect, UIType } from "../fields/types";
import { compileWhere, QueryError, type QueryTable } from "../query";
import { ident, sql } from "../query/sql";
import { modelColumns } from "../schema/tables";
import type { ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { arrayTree } from "../views/filters-to-where";
import { filterInput, type FilterInput } from "../views/inputs";
import { expandMe } from "./me";

/**
 * Field permissions and row rules of a table (issue 23), kept in the project's SQLite
 * (`_nc_table_access`) and memoised with the schema (dropped on every change). Rules:
 * - per role that can be narrowed (editor, commenter, viewer): each field is editable (the
 *   default, not stored), read-only or hidden; owners, creators and super admins always have all;
 * - the row rule is a filter tree as the view filter builder writes it (filterArrJson shape);
 *   a value `@me` stands for the reader (their user id or e-mail), date sub-operators read the
 *   current time; it may name stored fields only, because it is compiled into the correlated
 *   sub-queries of other tables' links, lookups and rollups, where computed fields have no SQL;
 * - the primary key and the display field cannot be hidden or made read-only: every read path
 *   and every link names records by them.
 */
export { ACCESS_ROLES, FIELD_MODES, readerOf, type AccessRole, type FieldMode, type Reader } from "./reader";

export interface RoleAccess {
  /** Column id -> mode; editable fields are left out. */
  fields: Record<string, Exclude<FieldMode, "editable">>;
  rowRule: FilterInput[] | null;
}
export type TableAccess = Record<AccessRole, RoleAccess>;

const empty = (): TableAccess => ({
  editor: { fields: {}, rowRule: null },
  commenter: { fields: {}, rowRule: null },
  viewer: { fields: {}, rowRule: null },
});

interface AccessRow {
  role: string;
  fields: string;
  row_rule: string | null;
}

export function loadAccess(store: ProjectStore, modelId: string): TableAccess {
  const key = `access:${modelId}`;
  const known = store.schemaCache.get(key) as TableAccess | undefined;
  if (known) return known;
  const out = empty();
  for (const r of store.exec(
    "SELECT role, fields, row_rule FROM _nc_table_access WHERE fk_model_id = ?",
    modelId,
  ) as unknown as AccessRow[]) {
    if (!(ACCESS_ROLES as readonly string[]).includes(r.role)) continue;
    out[r.role as AccessRole] = { fields: JSON.parse(r.fields), rowRule: r.row_rule ? JSON.parse(r.row_rule) : null };
  }
  store.schemaCache.set(key, out);
  return out;
}

/** Whether a role has anything narrowed on the table (the fast path skips the rest). */
export const hasRules = (a: RoleAccess) => a.rowRule !== null || Object.keys(a.fields).length > 0;

const kind = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? "required" : `must be ${what}`),
});
const roleInput = z.object({
  fields: z
    .record(
      z.string(),
      z.enum(FIELD_MODES, kind("editable, read-only or hidden")),
      kind("an object of column id to mode"),
    )
    .optional(),
  row_rule: z
    .array(filterInput, kind("a list of filters (filterArrJson) or null"))
    .max(100, "at most 100 filters")
    .nullable()
    .optional(),
});
export const accessInput = z.object({
  roles: z.record(z.string(), roleInput, kind("an object of role to settings")),
});
export type AccessInput = z.infer<typeof accessInput>;

/** Stored (physical) columns of the table as the compiler sees them, for checking a rule. */
export function ruleTable(cols: ColumnRow[], alias?: string, dialect: Dialect = "sqlite"): QueryTable {
  return {
    tableName: "t",
    columns: cols
      .filter((c) => c.columnName && !fieldType(c.uidt as UIType).virtual)
      .map((c) => ({
        id: c.id,
        title: c.title,
        columnName: c.columnName!,
        uidt: c.uidt as UIType,
        options: JSON.parse(c.colOptions ?? "{}") ?? {},
        pk: Boolean(c.pk),
        ...(alias ? { expr: aliasRef(dialect, alias, c.columnName!) } : {}),
      })),
  };
}

const aliasRef = (d: Dialect, alias: string, name: string) => sql`${ident(d, alias)}.${ident(d, name)}`;

function checkRule(rule: FilterInput[], cols: ColumnRow[], at: string) {
  let tree;
  try {
    tree = arrayTree(JSON.stringify(rule), cols);
  } catch (err) {
    throw bad(`${at}: ${(err as Error).message.replace(/^filterArrJson/, "")}`);
  }
  const stored = new Set(ruleTable(cols).columns.map((c) => c.title));
  const walk = (items: FilterInput[]) => {
    for (const f of items) {
      if (f.children) walk(f.children);
      const col = cols.find((c) => c.id === f.fk_column_id);
      if (col && !stored.has(col.title))
        throw bad(`${at}: '${col.title}' is a computed field; a row rule may name stored fields only`);
    }
  };
  walk(rule);
  try {
    const table = ruleTable(cols);
    const users = new Set(table.columns.filter((c) => fieldType(c.uidt)?.kind === "user").map((c) => c.title));
    compileWhere(
      table,
      expandMe(tree, { userId: "u", email: "e@example.com" }, (t) => users.has(t)),
      { dialect: "sqlite", me: "u" },
    );
  } catch (err) {
    if (err instanceof QueryError) throw bad(`${at}: ${err.message}`);
    throw err;
  }
}

/** Replaces the settings of the roles named in the input (others are kept); answers the whole. */
export function saveAccess(store: ProjectStore, modelId: string, input: AccessInput): TableAccess {
  const cols = modelColumns(store, modelId);
  const byId = new Map(cols.map((c) => [c.id, c]));
  const now = new Date().toISOString();
  const rows: Array<[AccessRole, RoleAccess]> = Object.entries(input.roles).map(([role, given]) => {
    if (!(ACCESS_ROLES as readonly string[]).includes(role)) {
      throw bad(
        `roles.${role}: only editor, commenter and viewer can be narrowed (owners and creators always have full access)`,
      );
    }
    const fields: RoleAccess["fields"] = {};
    for (const [id, mode] of Object.entries(given.fields ?? {})) {
      const col = byId.get(id);
      if (!col) throw bad(`roles.${role}.fields.${id}: not a field of this table`);
      if (mode === "editable") continue;
      if (col.pk || col.pv)
        throw bad(
          `roles.${role}.fields.${id}: '${col.title}' is the ${col.pk ? "primary key" : "display field"} and cannot be ${mode}`,
        );
      fields[id] = mode;
    }
    const rule = given.row_rule?.length ? given.row_rule : null;
    if (rule) checkRule(rule, cols, `roles.${role}.row_rule`);
    return [role as AccessRole, { fields, rowRule: rule }];
  });
  store.transaction(() => {
    for (const [role, a] of rows) {
      store.exec(
        `INSERT INTO _nc_table_access (fk_model_id, role, fields, row_rule, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (fk_model_id, role) DO UPDATE SET fields = excluded.fields, row_rule = excluded.row_rule, updated_at = excluded.updated_at`,
        modelId,
        role,
        JSON.stringify(a.fields),
        a.rowRule ? JSON.stringify(a.rowRule) : null,
        now,
      );
    }
  });
  store.schemaCache.clear();
  return loadAccess(store, modelId);
}

/** The API shape: every narrowable role, every field's mode. */
/** The access answer (GET and PUT .../access): every field's mode per role, editable included. */
export interface AccessJson {
  roles: Record<AccessRole, { fields: Record<string, FieldMode>; row_rule: FilterInput[] | null }>;
}

export function accessJson(store: ProjectStore, modelId: string): AccessJson {
  const a = loadAccess(store, modelId);
  const cols = modelColumns(store, modelId).filter((c) => !c.system || c.pk);
  return {
    roles: Object.fromEntries(
      ACCESS_ROLES.map((role) => [
        role,
        {
          fields: Object.fromEntries(cols.map((c) => [c.id, a[role].fields[c.id] ?? "editable"])),
          row_rule: a[role].rowRule,
        },
      ]),
    ) as AccessJson["roles"],
  };
}
