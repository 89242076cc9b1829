import { and, asc, eq, sql } from "drizzle-orm";
import { newId } from "../ids";
import { columns, models, views, type ColumnRow, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { buildColumn, columnDdl, columnInput, type ColumnInput } from "./column-def";
import { bad } from "../errors";
import { checkTableTitle, physicalName, quoteIdent } from "./names";
import { fullTableJson, tableJson } from "./shape";
import { z } from "zod";
import { metaLimit } from "../limits";
import { isVirtual, isLink, keyOf } from "../fields/registry";
import { dropLink, linkOptions } from "./links";
import { dependents } from "./computed-fields";
import { dropNow, type Drops } from "./drops";
import type { UIType } from "../fields/types";
import { dropTableViewChildren, syncViewColumns } from "../views/sync";
import { filterTypes } from "../query/computed";
import { computedSchema, findModel, modelColumns } from "./meta-read";

export { computedSchema, findModel, modelColumns };

export const createTableInput = z.object({
  table_name: z.string().max(255, "Table name exceeds 255 characters").optional(),
  title: z.string().optional(),
  columns: z.array(columnInput).max(500).optional(),
  meta: metaLimit(z.record(z.string(), z.unknown())).optional(),
});
export type CreateTableInput = z.infer<typeof createTableInput>;

const now = () => new Date().toISOString();

/** System columns every table has (SPEC 3): id, created_at, updated_at; Title when nothing else is given. */
const SYSTEM: Record<string, ColumnInput & { uidt: string }> = {
  id: { title: "Id", column_name: "id", uidt: "ID", pk: true, ai: true, rqd: true },
  created_at: { title: "CreatedAt", column_name: "created_at", uidt: "CreateTime" },
  updated_at: { title: "UpdatedAt", column_name: "updated_at", uidt: "DateTime" },
};
const DEFAULT_TITLE: ColumnInput = { title: "Title", column_name: "title", uidt: "SingleLineText" };

function systemKey(c: ColumnInput): string | null {
  if (keyOf(c.uidt ?? "") === "primary" || c.pk) return "id";
  if (c.column_name === "created_at" || c.column_name === "updated_at") return c.column_name;
  return null;
}

export function readTable(store: ProjectStore, projectId: string, tableId: string) {
  const m = findModel(store, tableId);
  const vs = store.meta.select().from(views).where(eq(views.modelId, tableId)).orderBy(asc(views.order)).all();
  const cols = modelColumns(store, tableId);
  return fullTableJson(m, cols, vs, projectId, filterTypes(computedSchema(store), m, cols));
}

export function listTables(store: ProjectStore, projectId: string, includeM2M: boolean) {
  const rows = store.meta.select().from(models).orderBy(asc(models.order), asc(models.createdAt)).all();
  return rows.filter((m) => includeM2M || !m.mm).map((m) => tableJson(m, projectId));
}

function assertTitleFree(store: ProjectStore, title: string, exceptId = "") {
  const clash = store.meta
    .select({ id: models.id })
    .from(models)
    .where(and(sql`lower(${models.title}) = lower(${title})`, sql`${models.id} != ${exceptId}`))
    .get();
  if (clash) throw bad("Duplicate table alias");
}

/** Creates the table's meta, its physical table and its default grid view in one transaction. */
export function createTable(store: ProjectStore, projectId: string, input: CreateTableInput) {
  const title = checkTableTitle(input.title ?? input.table_name);
  return store.transaction(() => {
    assertTitleFree(store, title);
    const ts = now();
    const modelId = newId("md_");
    const takenTables = store.meta
      .select({ n: models.tableName })
      .from(models)
      .all()
      .map((r) => r.n);
    const tableName = physicalName(input.table_name || title, takenTables, "table");
    const maxOrder =
      store.meta
        .select({ m: sql<number>`coalesce(max(${models.order}), 0)` })
        .from(models)
        .get()?.m ?? 0;

    // The caller's system columns (the GUI sends Id/CreatedAt/UpdatedAt) keep their titles.
    const given = input.columns ?? [];
    const system = { ...SYSTEM };
    for (const c of given) {
      const key = systemKey(c);
      if (key && c.title) system[key] = { ...system[key]!, title: c.title };
    }
    const user = given.filter((c) => !systemKey(c));
    if (user.length === 0) user.push(DEFAULT_TITLE);

    const built: ColumnRow[] = [];
    const titles = new Set<string>();
    const add = (c: ColumnInput, isSystem: boolean) => {
      const row = buildColumn(
        c,
        modelId,
        built.length + 1,
        built.map((b) => b.columnName!),
        ts,
      );
      if (titles.has(row.title.toLowerCase())) throw bad(`Duplicate column alias: ${row.title}`);
      if (isVirtual(row.uidt as UIType))
        throw bad(`${row.title}: add links and computed fields after the table exists`);
      titles.add(row.title.toLowerCase());
      built.push({ ...row, system: isSystem && keyOf(row.uidt) !== "primary" ? 1 : 0 });
    };
    add(system.id!, true);
    for (const c of user) add(c, false);
    add(system.created_at!, true);
    add(system.updated_at!, true);
    // Display value: the first column flagged pv, else the first after the primary key.
    const pv = built.find((c) => c.pv && !c.pk) ?? built.find((c) => !c.pk && !c.system)!;
    for (const c of built) c.pv = c === pv ? 1 : 0;

    const model: ModelRow = {
      id: modelId,
      title,
      tableName,
      type: "table",
      mm: 0,
      meta: JSON.stringify(input.meta ?? {}),
      order: maxOrder + 1,
      createdAt: ts,
      updatedAt: ts,
    };
    store.meta.insert(models).values(model).run();
    for (const c of built) store.meta.insert(columns).values(c).run();
    const physical = built.filter((c) => c.columnName).map(columnDdl);
    store.exec(`CREATE TABLE ${quoteIdent(tableName)} (${physical.join(", ")})`);
    store.meta
      .insert(views)
      .values({ id: newId("vw_"), modelId, title, type: 3, isDefault: 1, order: 1, createdAt: ts, updatedAt: ts })
      .run();
    syncViewColumns(store, modelId);
    return readTable(store, projectId, modelId);
  });
}

export const updateTableInput = z.object({
  title: z.string().optional(),
  table_name: z.string().optional(),
  meta: metaLimit(z.record(z.string(), z.unknown())).optional(),
  project_id: z.string().optional(),
});

/** Rename (title only: the physical name stays) or meta update, as the contract's PATCH does. */
export function updateTable(store: ProjectStore, tableId: string, input: z.infer<typeof updateTableInput>) {
  const m = findModel(store, tableId);
  if (input.meta && input.title === undefined) {
    store.meta
      .update(models)
      .set({ meta: JSON.stringify(input.meta), updatedAt: now() })
      .where(eq(models.id, m.id))
      .run();
    return;
  }
  const title = checkTableTitle(input.title ?? input.table_name);
  store.transaction(() => {
    assertTitleFree(store, title, m.id);
    store.meta.update(models).set({ title, updatedAt: now() }).where(eq(models.id, m.id)).run();
    // The default view carries the table's name.
    store.meta
      .update(views)
      .set({ title })
      .where(and(eq(views.modelId, m.id), eq(views.isDefault, 1)))
      .run();
  });
}

export function reorderTable(store: ProjectStore, tableId: string, order: number) {
  findModel(store, tableId);
  store.meta.update(models).set({ order, updatedAt: now() }).where(eq(models.id, tableId)).run();
  return 1;
}

/** Drops the physical table (`drops`: or keeps it aside, the trash's) and its meta together; returns the ids that no longer exist. */
export function deleteTable(store: ProjectStore, tableId: string, drops: Drops = dropNow): string[] {
  const m = findModel(store, tableId);
  return store.transaction(() => {
    const gone = [m.id, ...modelColumns(store, m.id).map((c) => c.id)];
    // Links go with both their sides; lookups and rollups elsewhere that read through them too.
    for (const link of modelColumns(store, m.id).filter((c) => isLink(c.uidt))) {
      const reverse = store.meta
        .select()
        .from(columns)
        .where(eq(columns.id, linkOptions(link).fk_reverse_column_id))
        .get();
      for (const dep of [...dependents(store, link), ...(reverse ? dependents(store, reverse) : [])]) {
        store.meta.delete(columns).where(eq(columns.id, dep.id)).run();
        gone.push(dep.id);
      }
      if (store.meta.select({ id: columns.id }).from(columns).where(eq(columns.id, link.id)).get())
        gone.push(...dropLink(store, link, drops));
    }
    gone.push(
      ...store.meta
        .select({ id: views.id })
        .from(views)
        .where(eq(views.modelId, m.id))
        .all()
        .map((v) => v.id),
    );
    gone.push(...dropTableViewChildren(store, m.id));
    store.meta.delete(columns).where(eq(columns.modelId, m.id)).run();
    store.meta.delete(views).where(eq(views.modelId, m.id)).run();
    store.meta.delete(models).where(eq(models.id, m.id)).run();
    drops.table(store, m);
    return gone;
  });
}

/** Every table, column and view id of the project (for the Worker's id-to-project index). */
export function schemaIds(store: ProjectStore): string[] {
  return [
    ...store.meta.select({ id: models.id }).from(models).all(),
    ...store.meta.select({ id: columns.id }).from(columns).all(),
    ...store.meta.select({ id: views.id }).from(views).all(),
  ].map((r) => r.id);
}
