import { eq, sql } from "drizzle-orm";
import { missing } from "../errors";
import { models, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { linkOptions } from "../schema/links";
import { computedSchema, modelColumns } from "../schema/tables";
import { rowColumns, type RowColumn } from "./values";
import { virtualColumns, type VirtualColumn } from "../query/computed";

export interface TableRef {
  model: ModelRow;
  /** Physical columns. */
  cols: RowColumn[];
  /** Links, lookups and rollups, computed in SQL. */
  virtual: VirtualColumn[];
  /** Belongs-to links: a row body may set them by title, written to the FK column. */
  belongsTo: Array<{ title: string; fkTitle: string }>;
}

/**
 * A table by id or exact title (contract 1.1: `{tableName}` accepts both), with its physical
 * columns, memoised until the schema changes.
 */
export function tableRef(store: ProjectStore, idOrTitle: string): TableRef {
  const key = `table:${idOrTitle}`;
  const known = store.schemaCache.get(key) as TableRef | undefined;
  if (known) return known;
  const ref = loadTableRef(store, idOrTitle);
  store.schemaCache.set(key, ref);
  return ref;
}

function loadTableRef(store: ProjectStore, idOrTitle: string): TableRef {
  const model =
    store.meta.select().from(models).where(eq(models.id, idOrTitle)).get() ??
    store.meta.select().from(models).where(sql`${models.title} = ${idOrTitle}`).get();
  if (!model) throw missing("Table not found");
  const all = modelColumns(store, model.id);
  const cols = rowColumns(all);
  const belongsTo = all
    .filter((c) => c.uidt === "LinkToAnotherRecord" && linkOptions(c).type === "bt")
    .map((c) => {
      const fk = cols.find((r) => r.id === linkOptions(c).fk_child_column_id)!;
      fk.label = c.title;
      return { title: c.title, fkTitle: fk.title };
    });
  return { model, cols, virtual: virtualColumns(computedSchema(store), model, all), belongsTo };
}
