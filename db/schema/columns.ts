import { and, eq, sql } from "drizzle-orm";
import { jsonObject } from "../fields/column-options";
import { fieldType, keyOf, isFormula, isLink } from "../fields/registry";
import type { UIType } from "../fields/types";
import { columns, models, type ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { buildColumn, checkDefault, checkOptions, checkUidt, columnDdl, type ColumnInput } from "./column-def";
import { dropAutoIndex } from "../rows/auto-index";
import { convertColumn } from "./convert";
import { dropLink, linkOptions } from "./links";
import { dropNow, type Drops } from "./drops";
import { addVirtualColumn, dependents, formulaOptions } from "./computed-fields";
import { bad, missing } from "../errors";
import { checkColumnTitle, quoteIdent } from "./names";
import { findModel, modelColumns, readTable } from "./tables";
import { syncViewColumns, type Placement } from "../views/sync";

const now = () => new Date().toISOString();

export function findColumn(store: ProjectStore, columnId: string): ColumnRow {
  const c = store.meta.select().from(columns).where(eq(columns.id, columnId)).get();
  if (!c) throw missing(`Column with id/name '${columnId}' is not found`);
  return c;
}

function assertTitleFree(cols: ColumnRow[], title: string, exceptId = "") {
  if (cols.some((c) => c.id !== exceptId && c.title.toLowerCase() === title.toLowerCase())) {
    throw bad("Duplicate column alias");
  }
}

/** Adds a column (meta and physical column in one transaction) and answers the whole table. */
export function addColumn(store: ProjectStore, projectId: string, tableId: string, input: ColumnInput) {
  const model = findModel(store, tableId);
  return store.transaction(() => {
    const cols = modelColumns(store, tableId);
    const order = Math.max(0, ...cols.map((c) => c.order)) + 1;
    const uidt = checkUidt(input.uidt ?? "SingleLineText");
    if (fieldType(uidt).virtual) {
      assertTitleFree(cols, checkColumnTitle(input.title));
      addVirtualColumn(store, model, cols, { ...input, uidt }, order, now());
      touch(store, tableId, input.column_order as Placement | undefined);
      return readTable(store, projectId, tableId);
    }
    const col = buildColumn(
      input,
      tableId,
      order,
      cols.map((c) => c.columnName ?? ""),
      now(),
    );
    assertTitleFree(cols, col.title);
    if (keyOf(col.uidt) || col.pk) throw bad(`${col.uidt} columns are made by the system`);
    col.pv = 0;
    store.meta.insert(columns).values(col).run();
    store.exec(`ALTER TABLE ${quoteIdent(model.tableName)} ADD COLUMN ${columnDdl(col)}`);
    touch(store, tableId, input.column_order as Placement | undefined);
    return readTable(store, projectId, tableId);
  });
}

/**
 * Updates a column as edited: title, type (converting the cells, or refusing with the reason),
 * options, required, default, description. System columns may only be renamed.
 */
export function updateColumn(store: ProjectStore, projectId: string, columnId: string, input: ColumnInput) {
  const current = findColumn(store, columnId);
  const model = findModel(store, current.modelId);
  return store.transaction(() => {
    const cols = modelColumns(store, model.id);
    const title = checkColumnTitle(input.title ?? current.title);
    assertTitleFree(cols, title, current.id);
    const uidt = checkUidt(input.uidt ?? current.uidt);
    const locked = current.pk || current.system;
    if (locked && uidt !== current.uidt) throw bad(`${current.title} is a system column; only its name can change`);
    const meta =
      input.meta === undefined
        ? JSON.parse(current.meta)
        : typeof input.meta === "string"
          ? JSON.parse(input.meta || "{}")
          : (input.meta ?? {});
    // Links, lookups and rollups keep the settings they were made with (their checks run at
    // creation); a formula changes only through a new formula_raw, checked again here.
    const computed = fieldType(current.uidt as UIType).virtual;
    if (computed && uidt !== current.uidt)
      throw bad(`${current.title} is a ${current.uidt} field; to change its type, delete it and add a new field`);
    // Its cells would all be emptied: a person column holds only what the server stamped.
    if (fieldType(uidt).writtenBy && uidt !== current.uidt)
      throw bad(`${current.title} cannot become a ${uidt} field: add a new ${uidt} field instead`);
    const stored = current.colOptions ? JSON.parse(current.colOptions) : {};
    let colOptions = computed || input.colOptions === undefined ? stored : (input.colOptions ?? {});
    const formulaRaw = (input as { formula_raw?: unknown }).formula_raw ?? jsonObject(input.colOptions).formula_raw;
    if (isFormula(uidt) && formulaRaw !== undefined) colOptions = formulaOptions(store, model, formulaRaw, current.id);
    const options = checkOptions(uidt, title, meta, colOptions);
    const typeDef = fieldType(uidt);
    if (typeDef.virtual !== fieldType(current.uidt as UIType).virtual) {
      throw bad(`${current.title} cannot change between a stored and a computed type`);
    }
    const next: ColumnRow = {
      ...current,
      title,
      uidt,
      dt: typeDef.virtual ? null : typeDef.storage("sqlite", options),
      meta: JSON.stringify(meta),
      colOptions: Object.keys(colOptions).length ? JSON.stringify(colOptions) : null,
      rqd: input.rqd === undefined ? current.rqd : input.rqd ? 1 : 0,
      cdf: input.cdf === undefined ? current.cdf : checkDefault(uidt, title, options, input.cdf),
      description: input.description === undefined ? current.description : (input.description ?? null),
      updatedAt: now(),
    };
    if (!typeDef.virtual && !locked) convertColumn(store, model, current, next);
    store.meta.update(columns).set(next).where(eq(columns.id, current.id)).run();
    // A belongs-to link is required exactly when its hidden FK column is (SPEC 5).
    if (isLink(uidt) && linkOptions(current).type === "bt") {
      store.meta
        .update(columns)
        .set({ rqd: next.rqd })
        .where(eq(columns.id, linkOptions(current).fk_child_column_id))
        .run();
    }
    touch(store, model.id);
    return readTable(store, projectId, model.id);
  });
}

/** Drops a column (`drops`: or keeps its data aside, the trash's). The key, the system columns and the display value stay. */
export function deleteColumn(store: ProjectStore, projectId: string, columnId: string, drops: Drops = dropNow) {
  const c = findColumn(store, columnId);
  const model = findModel(store, c.modelId);
  if (c.pk || c.system) throw bad(`${c.title} is a system column and cannot be deleted`);
  if (c.pv) throw bad(`${c.title} is the display value; choose another display value column first`);
  const reverse = isLink(c.uidt) ? findColumn(store, linkOptions(c).fk_reverse_column_id) : null;
  const users = [...dependents(store, c), ...(reverse ? dependents(store, reverse) : [])];
  if (users.length)
    throw bad(
      `${c.title} is used by ${users.map((u) => u.title).join(", ")}; delete ${users.length > 1 ? "those" : "that"} first`,
    );
  return store.transaction(() => {
    if (isLink(c.uidt)) {
      dropLink(store, c, drops);
      touch(store, model.id);
      return readTable(store, projectId, model.id);
    }
    store.meta.delete(columns).where(eq(columns.id, c.id)).run();
    if (c.columnName) {
      dropAutoIndex(store, model.tableName, c.columnName);
      drops.column(store, model, c.columnName);
    }
    touch(store, model.id);
    return readTable(store, projectId, model.id);
  });
}

/** Makes this column the table's display value (pv) and clears it on the others. */
export function setPrimary(store: ProjectStore, columnId: string) {
  const c = findColumn(store, columnId);
  if (c.pk || c.system) throw bad(`${c.title} cannot be the display value`);
  store.transaction(() => {
    store.meta.update(columns).set({ pv: 0 }).where(eq(columns.modelId, c.modelId)).run();
    store.meta
      .update(columns)
      .set({ pv: 1 })
      .where(and(eq(columns.id, c.id)))
      .run();
    touch(store, c.modelId);
  });
  return true;
}

/** After any column change: the table's views get (or lose) the column; `placement` is contract 4.3 `column_order`. */
function touch(store: ProjectStore, tableId: string, placement?: Placement) {
  store.meta
    .update(models)
    .set({ updatedAt: sql`${now()}` })
    .where(eq(models.id, tableId))
    .run();
  syncViewColumns(store, tableId, placement);
}
