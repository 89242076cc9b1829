import { eq, sql } from "drizzle-orm";
import { missing } from "../errors";
import { models, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { linkOptions } from "../schema/links";
import { computedSchema, modelColumns } from "../schema/tables";
import { rowColumns, type RowColumn } from "./row-codec";
import { asLinkCount, virtualColumns, type VirtualColumn } from "../query/computed";
import type { Reader } from "../access/rules";
import { narrowing, ruleFrag } from "../access/narrow";
import type { Frag } from "../query/sql";
import { isLink } from "../fields/registry";

export interface TableRef {
  model: ModelRow;
  /** Physical columns. */
  cols: RowColumn[];
  /** Links, lookups and rollups, computed in SQL. */
  virtual: VirtualColumn[];
  /** Belongs-to links: a row body may set them by title, written to the FK column. */
  belongsTo: Array<{ title: string; fkTitle: string }>;
  /** Set when the table is narrowed for the store's reader (db/access): what was taken away. */
  access?: RefAccess;
  /** Set on withLinkCounts' copy: its filters on links compare counts, so its counts are cached apart. */
  linkCounts?: true;
}

export interface RefAccess {
  reader: Reader;
  /** The row rule as SQL on the bare table, or null. */
  rule: Frag | null;
  /** Title or column name of each field the reader may not write -> why (hidden or read-only). */
  denied: Map<string, "hidden" | "read-only">;
}

/**
 * A table by id or exact title (contract 1.1: `{tableName}` accepts both), with its physical
 * columns, memoised until the schema changes. `linkCounts`: its has-many and many-to-many links
 * read, filtered and sorted as their number of linked records (NocoDB v2: withLinkCounts).
 */
export function tableRef(store: ProjectStore, idOrTitle: string, linkCounts?: boolean): TableRef {
  const full = fullTableRef(store, idOrTitle);
  const t = store.reader && anyRules(store, store.reader) ? narrowRef(store, full, store.reader) : full;
  return linkCounts ? withLinkCounts(t) : t;
}

/** The table as its builders see it, whoever the store reads for (hooks, schema work). */
export function fullTableRef(store: ProjectStore, idOrTitle: string): TableRef {
  const key = `table:${idOrTitle}`;
  const known = store.schemaCache.get(key) as TableRef | undefined;
  if (known) return known;
  const ref = loadTableRef(store, idOrTitle);
  store.schemaCache.set(key, ref);
  return ref;
}

/** Whether any table of the project narrows this role (links reach other tables' rules). */
export function anyRules(store: ProjectStore, reader: Reader): boolean {
  const key = `access-any:${reader.role}`;
  let known = store.schemaCache.get(key) as boolean | undefined;
  if (known === undefined) {
    known =
      store.exec(
        "SELECT 1 FROM _nc_table_access WHERE role = ? AND (fields <> '{}' OR row_rule IS NOT NULL) LIMIT 1",
        reader.role,
      ).length > 0;
    store.schemaCache.set(key, known);
  }
  return known;
}

/**
 * The table as the reader may see it: hidden fields gone (and computed fields over them), the
 * row rule attached, links, lookups and rollups reaching only the records the reader's rules of
 * their target tables let through. Built per call: the rule binds the reader and the clock.
 */
function narrowRef(store: ProjectStore, full: TableRef, reader: Reader): TableRef {
  const now = new Date();
  const n = narrowing(store, full.model.id, reader.role);
  const restrict = (targetId: string, alias: string) => ruleFrag(store, targetId, reader, alias, now);
  const virtual = full.virtual.length
    ? virtualColumns(computedSchema(store), full.model, modelColumns(store, full.model.id), "sqlite", restrict)
    : full.virtual;
  const denied = new Map<string, "hidden" | "read-only">();
  for (const c of [...full.cols, ...full.virtual]) {
    const mode = n.hidden.has(c.id) ? "hidden" : n.readOnly.has(c.id) ? "read-only" : null;
    if (!mode) continue;
    denied.set(c.title, mode);
    denied.set(c.columnName, mode);
  }
  return {
    model: full.model,
    cols: n.hidden.size ? full.cols.filter((c) => !n.hidden.has(c.id)) : full.cols,
    virtual: virtual.filter((v) => !n.hidden.has(v.id)),
    belongsTo: full.belongsTo.filter((b) => !denied.has(b.title)),
    access: { reader, rule: ruleFrag(store, full.model.id, reader, undefined, now), denied },
  };
}

/**
 * The table with its has-many and many-to-many links read as counts (NocoDB v2's `Links`:
 * computed.ts asLinkCount), kept per ref so its compiled reads are kept with it as the ref's are.
 */
const counted = new WeakMap<TableRef, TableRef>();
function withLinkCounts(t: TableRef): TableRef {
  if (!t.virtual.some((v) => v.countExpr)) return t;
  let known = counted.get(t);
  if (!known) counted.set(t, (known = { ...t, virtual: t.virtual.map(asLinkCount), linkCounts: true }));
  return known;
}

function loadTableRef(store: ProjectStore, idOrTitle: string): TableRef {
  const model =
    store.meta.select().from(models).where(eq(models.id, idOrTitle)).get() ??
    store.meta
      .select()
      .from(models)
      .where(sql`${models.title} = ${idOrTitle}`)
      .get();
  if (!model) throw missing("Table not found");
  const all = modelColumns(store, model.id);
  const cols = rowColumns(all);
  const belongsTo = all
    .filter((c) => isLink(c.uidt) && linkOptions(c).type === "bt")
    .map((c) => {
      const fk = cols.find((r) => r.id === linkOptions(c).fk_child_column_id)!;
      fk.label = c.title;
      return { title: c.title, fkTitle: fk.title };
    });
  return { model, cols, virtual: virtualColumns(computedSchema(store), model, all), belongsTo };
}
