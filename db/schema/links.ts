import { eq } from "drizzle-orm";
import { z } from "zod";
import { bad } from "../errors";
import { newId } from "../ids";
import { columns, models, views, type ColumnRow, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { checkColumnTitle, physicalName, quoteIdent } from "./names";
import { findModel, modelColumns } from "./meta-read";
import { linkOptions, type LinkOptions } from "../fields/LinkToAnotherRecord";
import { dropNow, type Drops } from "./drops";
import type { UIType } from "../fields/types";

export { linkOptions, type LinkOptions };

/**
 * Link columns (contract 4.3 LinkToAnotherRecord). Physical layout:
 * - hm (this table has many of the other) and bt (this table belongs to the other) share one
 *   layout: the child table holds a hidden ForeignKey column `<parent table>_id`, indexed; the
 *   parent gets an `hm` column, the child a `bt` column, each naming the other as its reverse.
 * - mm: a hidden junction table (mm = 1) with `table1_id` (this side) and `table2_id` (the other),
 *   unique per pair; both tables get an `mm` column.
 * Links are virtual (no SQL foreign key): row deletes clean them explicitly (links-data.ts).
 */
export const linkInput = z.object({
  title: z.string(),
  type: z.enum(["hm", "bt", "mm"], { error: "type must be hm, bt or mm" }),
  childId: z.string({ error: "childId: Required" }),
  parentId: z.string().optional(),
  /** A belongs-to link may be required from the start (SPEC 5: through its FK column). */
  rqd: z.union([z.boolean(), z.number()]).optional(),
});
export type LinkInput = z.infer<typeof linkInput>;

const now = () => new Date().toISOString();
const keyOf = (cols: ColumnRow[]) => cols.find((c) => c.pk)!;

function uniqueTitle(cols: ColumnRow[], wanted: string): string {
  const taken = new Set(cols.map((c) => c.title.toLowerCase()));
  let title = wanted;
  for (let n = 1; taken.has(title.toLowerCase()); n++) title = `${wanted}${n}`;
  return title;
}

function linkColumn(model: ModelRow, title: string, order: number, options: LinkOptions, ts: string): ColumnRow {
  return {
    id: newId("cl_"),
    modelId: model.id,
    title,
    columnName: null,
    uidt: "LinkToAnotherRecord",
    dt: null,
    pk: 0,
    pv: 0,
    ai: 0,
    rqd: 0,
    unique: 0,
    system: 0,
    cdf: null,
    meta: "{}",
    colOptions: JSON.stringify(options),
    description: null,
    order,
    createdAt: ts,
    updatedAt: ts,
  };
}

function physical(
  modelId: string,
  title: string,
  columnName: string,
  uidt: UIType,
  order: number,
  ts: string,
  extra: Partial<ColumnRow> = {},
): ColumnRow {
  return {
    id: newId("cl_"),
    modelId,
    title,
    columnName,
    uidt,
    dt: "INTEGER",
    pk: 0,
    pv: 0,
    ai: 0,
    rqd: 0,
    unique: 0,
    system: 1,
    cdf: null,
    meta: "{}",
    colOptions: null,
    description: null,
    order,
    createdAt: ts,
    updatedAt: ts,
    ...extra,
  };
}

const nextOrder = (cols: ColumnRow[]) => Math.max(0, ...cols.map((c) => c.order)) + 1;

/** Adds a link between two tables (both sides, plus the FK column or junction table) in one transaction. */
export function createLink(store: ProjectStore, tableId: string, input: LinkInput): string[] {
  const here = findModel(store, tableId);
  const there = findModel(store, input.childId);
  const title = checkColumnTitle(input.title);
  return store.transaction(() => {
    const ts = now();
    const hereCols = modelColumns(store, here.id);
    if (hereCols.some((c) => c.title.toLowerCase() === title.toLowerCase())) throw bad("Duplicate column alias");
    const thereCols = here.id === there.id ? hereCols : modelColumns(store, there.id);
    if (input.type === "mm") return createManyToMany(store, here, there, hereCols, thereCols, title, ts);
    // hm: here is the parent; bt: here is the child.
    const [parent, child, parentCols, childCols] =
      input.type === "hm" ? [here, there, hereCols, thereCols] : [there, here, thereCols, hereCols];
    const fkName = physicalName(
      `${parent.tableName}_id`,
      childCols.map((c) => c.columnName ?? ""),
      "link",
    );
    const required = input.type === "bt" && input.rqd ? 1 : 0;
    const fk = physical(
      child.id,
      uniqueTitle(childCols, `${parent.title}_id`),
      fkName,
      "ForeignKey",
      nextOrder(childCols),
      ts,
      { rqd: required },
    );
    store.meta.insert(columns).values(fk).run();
    store.exec(`ALTER TABLE ${quoteIdent(child.tableName)} ADD COLUMN ${quoteIdent(fkName)} INTEGER`);
    store.exec(
      `CREATE INDEX ${quoteIdent(`_nc_fk_${child.tableName}__${fkName}`)} ON ${quoteIdent(child.tableName)} (${quoteIdent(fkName)})`,
    );
    const hmTitle = input.type === "hm" ? title : uniqueTitle(parentCols, `${child.title} List`);
    const btTitle = input.type === "bt" ? title : uniqueTitle([...childCols, fk], parent.title);
    const hmId = newId("cl_");
    const btId = newId("cl_");
    const base = { fk_child_column_id: fk.id, fk_parent_column_id: keyOf(parentCols).id };
    const hm = {
      ...linkColumn(
        parent,
        hmTitle,
        nextOrder(parentCols),
        { type: "hm", fk_related_model_id: child.id, ...base, fk_reverse_column_id: btId },
        ts,
      ),
      id: hmId,
    };
    const bt = {
      ...linkColumn(
        child,
        btTitle,
        nextOrder([...childCols, fk]) + (parent.id === child.id ? 1 : 0),
        { type: "bt", fk_related_model_id: parent.id, ...base, fk_reverse_column_id: hmId },
        ts,
      ),
      id: btId,
    };
    store.meta.insert(columns).values(hm).run();
    store.meta
      .insert(columns)
      .values({ ...bt, rqd: required })
      .run();
    return [fk.id, hmId, btId];
  });
}

function createManyToMany(
  store: ProjectStore,
  a: ModelRow,
  b: ModelRow,
  aCols: ColumnRow[],
  bCols: ColumnRow[],
  title: string,
  ts: string,
): string[] {
  const taken = store.meta
    .select({ n: models.tableName })
    .from(models)
    .all()
    .map((r) => r.n);
  const jId = newId("md_");
  const junction: ModelRow = {
    id: jId,
    title: `${a.title}_${b.title}`,
    tableName: physicalName(`nc_m2m_${jId.slice(3, 9)}`, taken, "link"),
    type: "table",
    mm: 1,
    meta: "{}",
    order: 0,
    createdAt: ts,
    updatedAt: ts,
  };
  const jKey = physical(jId, "Id", "id", "ID", 1, ts, { pk: 1, ai: 1, system: 0 });
  const j1 = physical(jId, "table1_id", "table1_id", "ForeignKey", 2, ts);
  const j2 = physical(jId, "table2_id", "table2_id", "ForeignKey", 3, ts);
  store.meta.insert(models).values(junction).run();
  for (const c of [jKey, j1, j2]) store.meta.insert(columns).values(c).run();
  const jt = quoteIdent(junction.tableName);
  store.exec(
    `CREATE TABLE ${jt} ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "table1_id" INTEGER NOT NULL, "table2_id" INTEGER NOT NULL, UNIQUE ("table1_id", "table2_id"))`,
  );
  store.exec(`CREATE INDEX ${quoteIdent(`_nc_fk_${junction.tableName}__table2_id`)} ON ${jt} ("table2_id")`);
  store.meta
    .insert(views)
    .values({
      id: newId("vw_"),
      modelId: jId,
      title: junction.title,
      type: 3,
      isDefault: 1,
      order: 1,
      createdAt: ts,
      updatedAt: ts,
    })
    .run();
  const aId = newId("cl_");
  const bId = newId("cl_");
  const aLink = {
    ...linkColumn(
      a,
      title,
      nextOrder(aCols),
      {
        type: "mm",
        fk_related_model_id: b.id,
        fk_child_column_id: keyOf(aCols).id,
        fk_parent_column_id: keyOf(bCols).id,
        fk_mm_model_id: jId,
        fk_mm_child_column_id: j1.id,
        fk_mm_parent_column_id: j2.id,
        fk_reverse_column_id: bId,
      },
      ts,
    ),
    id: aId,
  };
  const bTitle = uniqueTitle(a.id === b.id ? [...aCols, aLink] : bCols, `${a.title} List`);
  const bLink = {
    ...linkColumn(
      b,
      bTitle,
      nextOrder(a.id === b.id ? [...aCols, aLink] : bCols),
      {
        type: "mm",
        fk_related_model_id: a.id,
        fk_child_column_id: keyOf(bCols).id,
        fk_parent_column_id: keyOf(aCols).id,
        fk_mm_model_id: jId,
        fk_mm_child_column_id: j2.id,
        fk_mm_parent_column_id: j1.id,
        fk_reverse_column_id: aId,
      },
      ts,
    ),
    id: bId,
  };
  store.meta.insert(columns).values(aLink).run();
  store.meta.insert(columns).values(bLink).run();
  return [jId, jKey.id, j1.id, j2.id, aId, bId];
}

/** Removes a link from both tables with its FK column or junction table (`drops`: dropped or kept); returns the ids gone. */
export function dropLink(store: ProjectStore, column: ColumnRow, drops: Drops = dropNow): string[] {
  const o = linkOptions(column);
  const gone = [column.id, o.fk_reverse_column_id];
  store.meta.delete(columns).where(eq(columns.id, column.id)).run();
  store.meta.delete(columns).where(eq(columns.id, o.fk_reverse_column_id)).run();
  if (o.type === "mm" && o.fk_mm_model_id) {
    const j = store.meta.select().from(models).where(eq(models.id, o.fk_mm_model_id)).get();
    if (j) {
      gone.push(j.id, ...modelColumns(store, j.id).map((c) => c.id));
      store.meta.delete(columns).where(eq(columns.modelId, j.id)).run();
      store.meta.delete(views).where(eq(views.modelId, j.id)).run();
      store.meta.delete(models).where(eq(models.id, j.id)).run();
      drops.table(store, j);
    }
    return gone;
  }
  const fk = store.meta.select().from(columns).where(eq(columns.id, o.fk_child_column_id)).get();
  if (fk) {
    const child = findModel(store, fk.modelId);
    gone.push(fk.id);
    store.meta.delete(columns).where(eq(columns.id, fk.id)).run();
    store.exec(`DROP INDEX IF EXISTS ${quoteIdent(`_nc_fk_${child.tableName}__${fk.columnName}`)}`);
    drops.column(store, child, fk.columnName!);
  }
  return gone;
}
