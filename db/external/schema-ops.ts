/**
 * Table and field changes on an external project (see ddl.ts for the rules): the DDL runs on the
 * source, then the meta is read again from it, then what only the app keeps (titles, the chosen
 * field type and its options) is written on top. Each returns what the native schema call
 * returns, so the Worker's routes stay the same.
 */
import { and, eq } from "drizzle-orm";
import { bad } from "../errors";
import { columns, models, views } from "../store/schema";
import { findColumn } from "../schema/columns";
import { checkTableTitle } from "../schema/names";
import { findModel, modelColumns, readTable, schemaIds, type CreateTableInput } from "../schema/tables";
import type { ColumnInput } from "../schema/column-def";
import {
  addColumnSql,
  columnType,
  createTableSql,
  dropColumnSql,
  dropTableSql,
  renameColumnSql,
  renameTableSql,
} from "./ddl";
import { syncSchema } from "./schema-sync";
import { addComputed, addLink, deleteComputed, updateComputed } from "./computed-ops";
import type { SchemaCtx } from "./schema-ctx";
import { fieldType, isLink } from "../fields/registry";
import { checkUidt } from "../schema/column-def";

export type { SchemaCtx } from "./schema-ctx";

const now = () => new Date().toISOString();

async function resync(x: SchemaCtx) {
  syncSchema(x.store, await x.driver.introspect(), x.driver.dialect, x.inflection, true);
}

function assertTable(x: SchemaCtx, tableId: string) {
  const m = findModel(x.store, tableId);
  if (m.type === "view") throw bad(`${m.title} is a database view: change it in the database, then sync`);
  return m;
}

export async function createTable(x: SchemaCtx, projectId: string, input: CreateTableInput) {
  const title = checkTableTitle(input.title ?? input.table_name);
  const tableName = (input.table_name || title).trim();
  if (
    x.store.meta
      .select()
      .from(models)
      .all()
      .some((m) => m.title.toLowerCase() === title.toLowerCase() || m.tableName === tableName)
  )
    throw bad("Duplicate table alias");
  await x.driver.execute(createTableSql(x.driver.dialect, tableName, input.columns ?? [], x.driver.dbSchema));
  await resync(x);
  const m = x.store.meta.select().from(models).where(eq(models.tableName, tableName)).get();
  if (!m) throw bad(`The database did not show the new table ${tableName}`);
  x.store.meta.update(models).set({ title, updatedAt: now() }).where(eq(models.id, m.id)).run();
  x.store.meta
    .update(views)
    .set({ title })
    .where(and(eq(views.modelId, m.id), eq(views.isDefault, 1)))
    .run();
  for (const c of input.columns ?? []) applyAppSide(x, m.id, c);
  return readTable(x.store, projectId, m.id);
}

/** Titles and the chosen field type of a physical column, kept by the app. */
function applyAppSide(x: SchemaCtx, modelId: string, input: ColumnInput) {
  if (!input.column_name && !input.title) return;
  const name = (input.column_name || input.title)!.trim();
  const col = modelColumns(x.store, modelId).find((c) => c.columnName === name);
  if (!col) return;
  const patch: Partial<typeof columns.$inferInsert> = { updatedAt: now() };
  if (input.title) patch.title = input.title.trim();
  if (input.uidt && input.uidt !== col.uidt) {
    patch.uidt = checkUidt(input.uidt);
    patch.meta = JSON.stringify(typeof input.meta === "string" ? JSON.parse(input.meta || "{}") : (input.meta ?? {}));
    patch.colOptions = input.colOptions ? JSON.stringify(input.colOptions) : null;
  }
  x.store.meta.update(columns).set(patch).where(eq(columns.id, col.id)).run();
}

export async function updateTable(x: SchemaCtx, tableId: string, input: { title?: string; table_name?: string }) {
  const m = assertTable(x, tableId);
  const next = input.table_name?.trim();
  if (next && next !== m.tableName && input.title === undefined) {
    // A rename of the physical table: the meta follows first, so the sync keeps every id.
    const d = x.driver.dialect;
    await x.driver.execute(renameTableSql(d, m.tableName, next, x.driver.dbSchema));
    x.store.meta.update(models).set({ tableName: next, updatedAt: now() }).where(eq(models.id, m.id)).run();
    await resync(x);
  }
}

export async function deleteTable(x: SchemaCtx, tableId: string): Promise<string[]> {
  const m = assertTable(x, tableId);
  const before = new Set(schemaIds(x.store));
  await x.driver.execute(dropTableSql(x.driver.dialect, m.tableName, x.driver.dbSchema));
  await resync(x);
  const after = new Set(schemaIds(x.store));
  return [...before].filter((id) => !after.has(id));
}

export async function addColumn(x: SchemaCtx, projectId: string, tableId: string, input: ColumnInput) {
  const m = assertTable(x, tableId);
  const uidt = checkUidt(input.uidt ?? "SingleLineText");
  if (fieldType(uidt).virtual) {
    if (isLink(uidt)) await addLink(x, m, input, () => resync(x));
    else await addComputed(x, m, input);
    return readTable(x.store, projectId, m.id);
  }
  const c = columnType(x.driver.dialect, input);
  if (
    modelColumns(x.store, m.id).some(
      (col) =>
        col.columnName?.toLowerCase() === c.name.toLowerCase() ||
        col.title.toLowerCase() === (input.title ?? c.name).toLowerCase(),
    )
  )
    throw bad("Duplicate column name");
  await x.driver.execute(addColumnSql(x.driver.dialect, m.tableName, c, x.driver.dbSchema));
  await resync(x);
  applyAppSide(x, m.id, { ...input, column_name: c.name });
  return readTable(x.store, projectId, m.id);
}

export async function updateColumn(x: SchemaCtx, projectId: string, columnId: string, input: ColumnInput) {
  const col = findColumn(x.store, columnId);
  const m = assertTable(x, col.modelId);
  if (!col.columnName) {
    await updateComputed(x, col, input);
    return readTable(x.store, projectId, m.id);
  }
  const name = input.column_name?.trim();
  if (name && name !== col.columnName) {
    await x.driver.execute(renameColumnSql(x.driver.dialect, m.tableName, col.columnName, name, x.driver.dbSchema));
    x.store.meta.update(columns).set({ columnName: name, updatedAt: now() }).where(eq(columns.id, col.id)).run();
    await resync(x);
  }
  applyAppSide(x, m.id, { ...input, column_name: name || col.columnName, uidt: input.uidt ?? col.uidt });
  return readTable(x.store, projectId, m.id);
}

export async function deleteColumn(x: SchemaCtx, projectId: string, columnId: string) {
  const col = findColumn(x.store, columnId);
  const m = assertTable(x, col.modelId);
  if (!col.columnName) {
    await deleteComputed(x, col, () => resync(x));
    return readTable(x.store, projectId, m.id);
  }
  if (col.pk) throw bad(`${col.title} is part of the primary key and cannot be deleted`);
  await x.driver.execute(dropColumnSql(x.driver.dialect, m.tableName, col.columnName, x.driver.dbSchema));
  await resync(x);
  return readTable(x.store, projectId, m.id);
}
