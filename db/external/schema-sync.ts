/**
 * The source's schema as the project's meta (tables, columns, links, default grid views), and the
 * differences between the two (meta-diff). Rules:
 * - tables and views of the source become tables (`type: "view"` for views: read-only);
 * - titles follow the inflection: "camelize" (order_items → OrderItems) or "none";
 * - every column keeps its source name and type (`dt`), mapped to a field type (map-type.ts);
 *   pk/ai/rqd/cdf come from the source; the display value is chosen by display-column.ts;
 * - a single-column foreign key child.col → parent.key gives a belongs-to link on the child
 *   (titled with the parent) and a has-many link on the parent (`<Child>List`);
 * - a junction table (exactly two foreign keys which together are its whole primary key, and no
 *   other column: `order_items.qty` makes it a table of its own with two links, as in NocoDB) is
 *   marked mm (hidden unless includeM2M) and gives a many-to-many link on each side instead;
 * - links remember their constraint (`meta.fk`) so a later sync keeps their ids (lookups and
 *   rollups built on them survive); tables and columns are matched by their source names.
 */
import { eq } from "drizzle-orm";
import { newId } from "../ids";
import { columns, models, views, type ColumnRow, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { columnFlags } from "../fields/column-options";
import type { Dialect } from "../fields/types";
import { syncViewColumns } from "../views/sync";
import { modelColumns } from "../schema/tables";
import type { SourceSchema, SourceTable } from "./driver";
import { displayColumn } from "./display-column";
import { mapColumnType } from "./map-type";

export type Inflection = "camelize" | "none";

export interface DetectedChange {
  table_name: string;
  type: "table" | "view";
  detectedChanges: Array<{ type: string; msg: string }>;
}

const now = () => new Date().toISOString();

export function inflect(name: string, how: Inflection): string {
  if (how === "none") return name;
  const words = name.split(/[_\s-]+/).filter(Boolean);
  return words.length ? words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("") : name;
}

function uniqueTitle(taken: Set<string>, wanted: string): string {
  let title = wanted;
  for (let n = 1; taken.has(title.toLowerCase()); n++) title = `${wanted}${n}`;
  taken.add(title.toLowerCase());
  return title;
}

/** Junction tables: two single-column FKs that together are the whole primary key, and nothing else. */
export function isJunction(t: SourceTable): boolean {
  const pk = t.columns
    .filter((c) => c.pk > 0)
    .map((c) => c.name)
    .sort();
  const fkCols = [...new Set(t.foreignKeys.map((f) => f.column))].sort();
  return (
    !t.view &&
    t.foreignKeys.length === 2 &&
    pk.length === 2 &&
    fkCols.length === 2 &&
    pk.join() === fkCols.join() &&
    t.columns.length === 2
  );
}

interface Plan {
  changes: DetectedChange[];
}

function note(plan: Plan, table: string, view: boolean, type: string, msg: string) {
  let entry = plan.changes.find((c) => c.table_name === table);
  if (!entry) plan.changes.push((entry = { table_name: table, type: view ? "view" : "table", detectedChanges: [] }));
  entry.detectedChanges.push({ type, msg });
}

/**
 * Brings the project's meta in line with the source. `apply: false` only reports what differs
 * (meta-diff); `apply: true` writes it (first import and sync), in one transaction of the store.
 */
export function syncSchema(
  store: ProjectStore,
  schema: SourceSchema,
  dialect: Dialect,
  inflection: { table: Inflection; column: Inflection },
  apply: boolean,
): DetectedChange[] {
  const plan: Plan = { changes: [] };
  const run = () => {
    const ts = now();
    const existing = store.meta.select().from(models).all();
    const byName = new Map(existing.map((m) => [m.tableName, m]));
    const tableTitles = new Set(existing.map((m) => m.title.toLowerCase()));
    const modelOf = new Map<string, ModelRow>();
    let order = Math.max(0, ...existing.map((m) => m.order));

    for (const t of schema.tables) {
      let m = byName.get(t.name);
      const mm = isJunction(t) ? 1 : 0;
      if (!m) {
        note(plan, t.name, t.view, "TABLE_NEW", `New ${t.view ? "view" : "table"}`);
        m = {
          id: newId("md_"),
          title: uniqueTitle(tableTitles, inflect(t.name, inflection.table)),
          tableName: t.name,
          type: t.view ? "view" : "table",
          mm,
          meta: "{}",
          order: ++order,
          createdAt: ts,
          updatedAt: ts,
        };
        if (apply) {
          store.meta.insert(models).values(m).run();
          store.meta
            .insert(views)
            .values({
              id: newId("vw_"),
              modelId: m.id,
              title: m.title,
              type: 3,
              isDefault: 1,
              order: 1,
              createdAt: ts,
              updatedAt: ts,
            })
            .run();
        }
      } else if (m.mm !== mm || m.type !== (t.view ? "view" : "table")) {
        note(
          plan,
          t.name,
          t.view,
          "TABLE_KIND_CHANGE",
          t.view ? "Now a view" : mm ? "Now a junction table" : "Now a table",
        );
        if (apply)
          store.meta
            .update(models)
            .set({ mm, type: t.view ? "view" : "table", updatedAt: ts })
            .where(eq(models.id, m.id))
            .run();
      }
      modelOf.set(t.name, m);
      syncColumns(store, plan, t, m, dialect, inflection.column, apply, ts);
    }
    const seen = new Set(schema.tables.map((t) => t.name));
    for (const m of existing) {
      if (seen.has(m.tableName)) continue;
      note(plan, m.tableName, m.type === "view", "TABLE_REMOVE", "Table removed from the database");
      if (apply) {
        store.exec(
          "DELETE FROM _nc_view_columns WHERE fk_view_id IN (SELECT id FROM _nc_views WHERE fk_model_id = ?)",
          m.id,
        );
        store.exec(
          "DELETE FROM _nc_filters WHERE fk_view_id IN (SELECT id FROM _nc_views WHERE fk_model_id = ?)",
          m.id,
        );
        store.exec("DELETE FROM _nc_sorts WHERE fk_view_id IN (SELECT id FROM _nc_views WHERE fk_model_id = ?)", m.id);
        store.meta.delete(views).where(eq(views.modelId, m.id)).run();
        store.meta.delete(columns).where(eq(columns.modelId, m.id)).run();
        store.meta.delete(models).where(eq(models.id, m.id)).run();
      }
    }
    syncLinks(store, plan, schema, modelOf, apply, ts);
    if (apply)
      for (const m of modelOf.values())
        if (store.meta.select({ id: models.id }).from(models).where(eq(models.id, m.id)).get())
          syncViewColumns(store, m.id);
  };
  if (apply) store.transaction(run);
  else run();
  if (apply) store.schemaCache.clear();
  return plan.changes;
}

function syncColumns(
  store: ProjectStore,
  plan: Plan,
  t: SourceTable,
  m: ModelRow,
  dialect: Dialect,
  how: Inflection,
  apply: boolean,
  ts: string,
) {
  const have = apply || m.createdAt !== ts ? modelColumns(store, m.id) : [];
  const physical = have.filter((c) => c.columnName);
  const titles = new Set(have.map((c) => c.title.toLowerCase()));
  const built: ColumnRow[] = [];
  let order = Math.max(0, ...have.map((c) => c.order));
  for (const sc of t.columns) {
    const mapped = mapColumnType(sc, dialect);
    const known = physical.find((c) => c.columnName === sc.name);
    const fields = {
      uidt: mapped.uidt,
      dt: sc.type || sc.dt,
      pk: sc.pk > 0 ? 1 : 0,
      ai: sc.ai ? 1 : 0,
      rqd: sc.nullable ? 0 : 1,
      cdf: sc.default,
      meta: JSON.stringify({ ...mapped.meta, ...(sc.pk > 1 ? { pkOrder: sc.pk } : {}) }),
      colOptions: mapped.colOptions ? JSON.stringify(mapped.colOptions) : null,
    };
    if (!known) {
      if (m.createdAt !== ts) note(plan, t.name, t.view, "COLUMN_NEW", `New column ${sc.name}`);
      const row: ColumnRow = {
        id: newId("cl_"),
        modelId: m.id,
        title: uniqueTitle(titles, inflect(sc.name, how)),
        columnName: sc.name,
        ...fields,
        pv: 0,
        unique: 0,
        system: 0,
        description: null,
        order: ++order,
        createdAt: ts,
        updatedAt: ts,
      };
      built.push(row);
      if (apply) store.meta.insert(columns).values(row).run();
    } else if (known.dt !== fields.dt || known.pk !== fields.pk || known.rqd !== fields.rqd) {
      note(plan, t.name, t.view, "COLUMN_TYPE_CHANGE", `Column ${sc.name} changed (${known.dt} → ${fields.dt})`);
      // The same database type keeps the field type the builder chose (e.g. text shown as a select).
      const keep = known.dt === fields.dt ? { uidt: known.uidt, meta: known.meta, colOptions: known.colOptions } : {};
      if (apply)
        store.meta
          .update(columns)
          .set({ ...fields, ...keep, updatedAt: ts })
          .where(eq(columns.id, known.id))
          .run();
    }
  }
  for (const c of physical) {
    if (t.columns.some((sc) => sc.name === c.columnName)) continue;
    note(plan, t.name, t.view, "COLUMN_REMOVE", `Column ${c.columnName} removed from the database`);
    if (apply) store.meta.delete(columns).where(eq(columns.id, c.id)).run();
  }
  // Display value: keep the one set; a new table takes the column that best names a record.
  if (apply && !have.some((c) => c.pv)) {
    const pv = displayColumn(modelColumns(store, m.id));
    if (pv) store.meta.update(columns).set({ pv: 1 }).where(eq(columns.id, pv.id)).run();
  }
}

interface WantedLink {
  key: string;
  model: ModelRow;
  title: string;
  options: Record<string, unknown>;
  reverseKey: string;
}

function syncLinks(
  store: ProjectStore,
  plan: Plan,
  schema: SourceSchema,
  modelOf: Map<string, ModelRow>,
  apply: boolean,
  ts: string,
) {
  const colId = (table: string, name: string) => {
    const m = modelOf.get(table);
    if (!m) return undefined;
    return store.meta
      .select()
      .from(columns)
      .where(eq(columns.modelId, m.id))
      .all()
      .find((c) => c.columnName === name)?.id;
  };
  const wanted: WantedLink[] = [];
  for (const t of schema.tables) {
    const child = modelOf.get(t.name);
    if (!child || t.view) continue;
    if (isJunction(t)) {
      const [a, b] = t.foreignKeys as [(typeof t.foreignKeys)[0], (typeof t.foreignKeys)[0]];
      const A = modelOf.get(a.refTable);
      const B = modelOf.get(b.refTable);
      if (!A || !B) continue;
      const ids = {
        aKey: colId(a.refTable, a.refColumn),
        bKey: colId(b.refTable, b.refColumn),
        ja: colId(t.name, a.column),
        jb: colId(t.name, b.column),
      };
      if (Object.values(ids).some((v) => !v)) continue;
      const base = `mm:${t.name}`;
      wanted.push({
        key: `${base}:a`,
        reverseKey: `${base}:b`,
        model: A,
        title: `${B.title}List`,
        options: {
          type: "mm",
          fk_related_model_id: B.id,
          fk_child_column_id: ids.aKey,
          fk_parent_column_id: ids.bKey,
          fk_mm_model_id: child.id,
          fk_mm_child_column_id: ids.ja,
          fk_mm_parent_column_id: ids.jb,
        },
      });
      wanted.push({
        key: `${base}:b`,
        reverseKey: `${base}:a`,
        model: B,
        title: `${A.title}List`,
        options: {
          type: "mm",
          fk_related_model_id: A.id,
          fk_child_column_id: ids.bKey,
          fk_parent_column_id: ids.aKey,
          fk_mm_model_id: child.id,
          fk_mm_child_column_id: ids.jb,
          fk_mm_parent_column_id: ids.ja,
        },
      });
    }
    for (const fk of t.foreignKeys) {
      const parent = modelOf.get(fk.refTable);
      const fkCol = colId(t.name, fk.column);
      const keyCol = colId(fk.refTable, fk.refColumn);
      if (!parent || !fkCol || !keyCol) continue;
      const base = `fk:${t.name}:${fk.name}`;
      const options = { fk_child_column_id: fkCol, fk_parent_column_id: keyCol };
      wanted.push({
        key: `${base}:bt`,
        reverseKey: `${base}:hm`,
        model: child,
        title: parent.title,
        options: { type: "bt", fk_related_model_id: parent.id, ...options },
      });
      // A junction's own rows are reached through the many-to-many link, not a has-many list.
      if (!isJunction(t))
        wanted.push({
          key: `${base}:hm`,
          reverseKey: `${base}:bt`,
          model: parent,
          title: `${child.title}List`,
          options: { type: "hm", fk_related_model_id: child.id, ...options },
        });
    }
  }
  const links = store.meta.select().from(columns).where(eq(columns.uidt, "LinkToAnotherRecord")).all();
  const keyOf = (c: ColumnRow) => columnFlags(c.meta).fk;
  const idByKey = new Map<string, string>();
  for (const w of wanted) idByKey.set(w.key, links.find((c) => keyOf(c) === w.key)?.id ?? newId("cl_"));
  for (const w of wanted) {
    const id = idByKey.get(w.key)!;
    const options = JSON.stringify({ ...w.options, fk_reverse_column_id: idByKey.get(w.reverseKey) ?? null });
    const known = links.find((c) => c.id === id);
    if (known) {
      if (apply && known.colOptions !== options)
        store.meta.update(columns).set({ colOptions: options, updatedAt: ts }).where(eq(columns.id, id)).run();
      continue;
    }
    note(plan, w.model.tableName, false, "RELATION_NEW", `New relation ${w.key.replace(/^\w+:/, "")}`);
    if (!apply) continue;
    const cols = modelColumns(store, w.model.id);
    const title = uniqueTitle(new Set(cols.map((c) => c.title.toLowerCase())), w.title);
    store.meta
      .insert(columns)
      .values({
        id,
        modelId: w.model.id,
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
        meta: JSON.stringify({ fk: w.key }),
        colOptions: options,
        description: null,
        order: Math.max(0, ...cols.map((c) => c.order)) + 1,
        createdAt: ts,
        updatedAt: ts,
      })
      .run();
  }
  const keep = new Set(wanted.map((w) => w.key));
  for (const c of links) {
    const k = keyOf(c);
    if (!k || keep.has(k)) continue;
    const m = [...modelOf.values()].find((x) => x.id === c.modelId);
    note(
      plan,
      m?.tableName ?? c.modelId,
      false,
      "RELATION_REMOVE",
      `Relation ${k.replace(/^\w+:/, "")} removed from the database`,
    );
    if (apply) store.meta.delete(columns).where(eq(columns.id, c.id)).run();
  }
}
