import { fieldType, isLink } from "../fields/registry";
import type { Dialect } from "../fields/types";
import { compileWhere, type QueryTable, type WhereNode } from "../query";
import type { Frag } from "../query/sql";
import { linkOptions } from "../schema/links";
import { modelColumns } from "../schema/tables";
import type { ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { arrayTree } from "../views/filters-to-where";
import { expandMe } from "./me";
import { hasRules, loadAccess, ruleTable, type AccessRole, type Reader } from "./rules";

/**
 * What a reader of a role may see of one table, derived from its rules and memoised with the
 * schema: the hidden and read-only column ids, and the row rule as SQL (per request, since it
 * binds the reader and the clock). Rules:
 * - a computed field depending on a hidden field is hidden too: a lookup or rollup whose link or
 *   target is hidden (in its own table, for the same role), a formula naming a hidden field, a
 *   belongs-to link whose FK column is hidden and the other way round;
 * - read-only fields stay readable; a belongs-to link and its FK column share their mode.
 */
export interface Narrowing {
  hidden: Set<string>;
  readOnly: Set<string>;
}

const NONE: Narrowing = { hidden: new Set(), readOnly: new Set() };

/** Whether the reader's role has anything narrowed on the table. */
export function isNarrowed(store: ProjectStore, modelId: string, reader: Reader | null | undefined): reader is Reader {
  return !!reader && hasRules(loadAccess(store, modelId)[reader.role]);
}

const formulaRefs = (c: ColumnRow) =>
  [...((JSON.parse(c.colOptions ?? "{}") as { formula?: string }).formula ?? "").matchAll(/\{\{([^}]+)\}\}/g)].map(
    (m) => m[1]!,
  );

export function narrowing(store: ProjectStore, modelId: string, role: AccessRole, depth = 0): Narrowing {
  const key = `access-narrow:${modelId}:${role}`;
  const known = store.schemaCache.get(key) as Narrowing | undefined;
  if (known) return known;
  const fields = loadAccess(store, modelId)[role].fields;
  const cols = modelColumns(store, modelId);
  const hidden = new Set(Object.keys(fields).filter((id) => fields[id] === "hidden"));
  const readOnly = new Set(Object.keys(fields).filter((id) => fields[id] === "read-only"));
  // A belongs-to link and its FK column are one field to a writer.
  for (const c of cols) {
    if (!isLink(c.uidt) || linkOptions(c).type !== "bt") continue;
    const fk = linkOptions(c).fk_child_column_id;
    for (const set of [hidden, readOnly]) if (set.has(c.id) || set.has(fk)) set.add(c.id).add(fk);
  }
  const foreignHidden = (tableId: string, colId: string | undefined) =>
    depth < 6 && tableId !== modelId && !!colId && narrowing(store, tableId, role, depth + 1).hidden.has(colId);
  // Until nothing changes: dependencies may chain (a formula over a lookup over a hidden field).
  for (let changed = true; changed;) {
    changed = false;
    for (const c of cols) {
      if (hidden.has(c.id) || c.columnName) continue;
      let dependsOnHidden = false;
      const reads = fieldType(c.uidt)?.computed;
      if (reads?.formula) dependsOnHidden = formulaRefs(c).some((id) => hidden.has(id));
      else if (reads?.through) {
        const { relation, target } = reads.through(JSON.parse(c.colOptions ?? "{}") as Record<string, unknown>);
        const rel = cols.find((x) => x.id === relation);
        const related = rel ? linkOptions(rel).fk_related_model_id : "";
        dependsOnHidden =
          !rel ||
          hidden.has(rel.id) ||
          (related === modelId ? hidden.has(target ?? "") : foreignHidden(related, target));
      }
      if (dependsOnHidden) {
        hidden.add(c.id);
        changed = true;
      }
    }
  }
  const out = hidden.size || readOnly.size ? { hidden, readOnly } : NONE;
  store.schemaCache.set(key, out);
  return out;
}

/** The row rule of the table as a filter tree (column titles), or null; memoised per role. */
function ruleTree(store: ProjectStore, modelId: string, role: AccessRole): WhereNode | null {
  const key = `access-rule:${modelId}:${role}`;
  if (store.schemaCache.has(key)) return store.schemaCache.get(key) as WhereNode | null;
  const rule = loadAccess(store, modelId)[role].rowRule;
  const tree = rule ? arrayTree(JSON.stringify(rule), modelColumns(store, modelId)) : null;
  store.schemaCache.set(key, tree);
  return tree;
}

/**
 * The reader's row rule on the table as SQL, or null when there is none. Without `alias` the
 * columns are named bare (the table's own statements); with it, as `alias.column`, for the
 * correlated sub-queries of links, lookups and rollups that reach the table from another one.
 * `dialect`: the project's SQLite, or the external database the table lives in (db/external).
 */
export function ruleFrag(
  store: ProjectStore,
  modelId: string,
  reader: Reader | null | undefined,
  alias?: string,
  now = new Date(),
  dialect: Dialect = "sqlite",
): Frag | null {
  if (!reader) return null;
  const tree = ruleTree(store, modelId, reader.role);
  if (!tree) return null;
  const key = `access-table:${modelId}:${dialect}:${alias ?? ""}`;
  let table = store.schemaCache.get(key) as QueryTable | undefined;
  if (!table) store.schemaCache.set(key, (table = ruleTable(modelColumns(store, modelId), alias, dialect)));
  const users = new Set(table.columns.filter((c) => fieldType(c.uidt)?.kind === "user").map((c) => c.title));
  return compileWhere(
    table,
    expandMe(tree, reader, (title) => users.has(title)),
    { dialect, now, me: reader.userId || null },
  );
}

/** The ids of the fields of a table hidden from the store's current reader; none for builders. */
export function hiddenFromReader(store: ProjectStore, modelId: string): ReadonlySet<string> {
  return isNarrowed(store, modelId, store.reader) ? narrowing(store, modelId, store.reader.role).hidden : NONE.hidden;
}

/** Runs `fn` with the store reading for `reader` (the view settings a narrowed role may see and change). */
export function readingAs<T>(store: ProjectStore, reader: Reader | null | undefined, fn: () => T): T {
  const before = store.reader;
  store.reader = reader ?? null;
  try {
    return fn();
  } finally {
    store.reader = before;
  }
}
