/**
 * Links, lookups, rollups and formulas added to and deleted from an external table (issue 20).
 * Rules:
 * - a lookup, rollup or formula lives only in the app's meta (as on native tables, checked by
 *   db/schema/computed-fields.ts); it is then compiled for the source's dialect and run once on
 *   the database (`LIMIT 1`), so one the database refuses is a 400 with its message and nothing kept;
 * - a new link is DDL on the source, then a sync reads it back as the database has it:
 *   bt/hm add a nullable column `<parent>_id` (the parent key's type) to the child with a foreign
 *   key `fk_<child>_<column>`; mm creates a junction table `<a>_<b>` whose two foreign keys form
 *   its primary key. The link column the sync makes takes the requested title; the reverse side
 *   keeps the sync's name. Both tables need a single-column primary key;
 * - deleting a link drops its foreign key column (bt/hm) or its junction table (mm) on the source:
 *   the UI confirms it first. A computed column that uses the field blocks the delete;
 * - tables are named as every statement on the source names them (`[schema].[table]` when the
 *   driver has a `dbSchema`, db/query/sql.ts quoteTable); constraint names stay bare.
 */
import { eq } from "drizzle-orm";
import { bad } from "../errors";
import { linkInput, linkOptions } from "../schema/links";
import { addVirtualColumn, dependents, formulaOptions } from "../schema/computed-fields";
import { computedSchema, findModel, modelColumns } from "../schema/tables";
import { checkColumnTitle } from "../schema/names";
import type { ColumnInput } from "../schema/column-def";
import { columns, models, type ColumnRow, type ModelRow } from "../store/schema";
import { syncViewColumns } from "../views/sync";
import { compileList, type QueryTable } from "../query";
import { virtualColumns } from "../query/computed";
import { dialectOf } from "../query/dialects";
import { quoteIdent, quoteTable } from "../query/sql";
import type { Dialect } from "../fields/types";
import type { SqlTarget } from "./driver";
import { queryTableOf, extTable } from "./table";
import type { SchemaCtx } from "./schema-ctx";
import { isFormula, isLink } from "../fields/registry";

const now = () => new Date().toISOString();

function keyOf(table: ModelRow, cols: ColumnRow[]): ColumnRow {
  const keys = cols.filter((c) => c.pk && c.columnName);
  if (keys.length !== 1) throw bad(`${table.title} needs a single-column primary key for links`);
  return keys[0]!;
}

function touched(x: SchemaCtx, modelIds: string[]) {
  for (const id of modelIds) {
    x.store.meta.update(models).set({ updatedAt: now() }).where(eq(models.id, id)).run();
    syncViewColumns(x.store, id);
  }
  x.store.schemaCache.clear();
}

/** Runs a computed column once on the database (`LIMIT 1`): a refusal is its message, as a 400. */
async function probe(x: SchemaCtx, model: ModelRow, col: ColumnRow): Promise<void> {
  const d = x.driver.dialect;
  try {
    const [v] = virtualColumns(computedSchema(x.store), model, [col], d, undefined, x.driver.dbSchema);
    x.store.schemaCache.clear();
    const base = queryTableOf(extTable(x.store, model.id), x.driver.dbSchema);
    const table: QueryTable = { ...base, columns: [...base.columns.filter((c) => c.pk), v!] };
    const compiled = compileList({ dialect: d, table, limit: 1, offset: 0 });
    await x.driver.query(compiled.list.sql, compiled.list.params);
  } catch (err) {
    throw err instanceof Error && !(err as { status?: number }).status ? bad(`${col.title}: ${err.message}`) : err;
  }
}

/** Adds a lookup, rollup or formula (meta only), proven on the database before it is kept. */
export async function addComputed(x: SchemaCtx, model: ModelRow, input: ColumnInput): Promise<void> {
  const cols = modelColumns(x.store, model.id);
  const title = checkColumnTitle(input.title);
  if (cols.some((c) => c.title.toLowerCase() === title.toLowerCase())) throw bad("Duplicate column alias");
  const order = Math.max(0, ...cols.map((c) => c.order)) + 1;
  const ids = x.store.transaction(() => addVirtualColumn(x.store, model, cols, input, order, now()));
  try {
    await probe(
      x,
      model,
      modelColumns(x.store, model.id).find((c) => c.id === ids[0])!,
    );
  } catch (err) {
    x.store.transaction(() => {
      for (const id of ids) x.store.meta.delete(columns).where(eq(columns.id, id)).run();
    });
    x.store.schemaCache.clear();
    throw err;
  }
  touched(x, [model.id]);
}

/** A computed column's title, and a formula's text (checked, then proven on the database). */
export async function updateComputed(x: SchemaCtx, col: ColumnRow, input: ColumnInput): Promise<void> {
  const model = findModel(x.store, col.modelId);
  const patch: Partial<ColumnRow> = { updatedAt: now() };
  if (input.title !== undefined) {
    const title = checkColumnTitle(input.title);
    if (modelColumns(x.store, model.id).some((c) => c.id !== col.id && c.title.toLowerCase() === title.toLowerCase()))
      throw bad("Duplicate column alias");
    patch.title = title;
  }
  const raw =
    (input as { formula_raw?: unknown }).formula_raw ??
    (input.colOptions as { formula_raw?: unknown } | undefined)?.formula_raw;
  if (isFormula(col.uidt) && raw !== undefined)
    patch.colOptions = JSON.stringify(formulaOptions(x.store, model, raw, col.id));
  const before = { ...col };
  x.store.meta.update(columns).set(patch).where(eq(columns.id, col.id)).run();
  if (patch.colOptions) {
    try {
      await probe(x, model, { ...col, ...patch });
    } catch (err) {
      x.store.meta.update(columns).set(before).where(eq(columns.id, col.id)).run();
      x.store.schemaCache.clear();
      throw err;
    }
  }
  touched(x, [model.id]);
}

const q = (d: Dialect, n: string) => quoteIdent(d, n);
/** A table of the source, named as its statements name it. */
const qt = (src: SqlTarget, n: string) => quoteTable(src.dialect, n, src.dbSchema);

/** The DDL of a new link, and the sync key (schema-sync.ts) of the link column it gives `here`. */
function linkDdl(
  src: SqlTarget,
  type: "hm" | "bt" | "mm",
  here: ModelRow,
  there: ModelRow,
  hereKey: ColumnRow,
  thereKey: ColumnRow,
  taken: (table: ModelRow) => string[],
) {
  const d = src.dialect;
  const fkSql = (child: ModelRow, col: string, parent: ModelRow, parentKey: ColumnRow) => {
    const name = `fk_${child.tableName}_${col}`;
    const type = parentKey.dt || "integer";
    const refs = `REFERENCES ${qt(src, parent.tableName)} (${q(d, parentKey.columnName!)})`;
    const table = qt(src, child.tableName);
    const add = dialectOf(d).addForeignKeyColumn(table, q(d, col), type, q(d, name), refs);
    return { add, name };
  };
  const free = (names: string[], wanted: string) => {
    let n = wanted;
    for (let i = 1; names.some((x) => x.toLowerCase() === n.toLowerCase()); i++) n = `${wanted}${i}`;
    return n;
  };
  if (type === "mm") {
    const j = free([...taken(here), ...taken(there)], `${here.tableName}_${there.tableName}`);
    const a = `${here.tableName}_id`;
    const b = free([a], `${there.tableName}_id`);
    const ddl =
      `CREATE TABLE ${qt(src, j)} (${q(d, a)} ${hereKey.dt || "integer"} NOT NULL, ${q(d, b)} ${thereKey.dt || "integer"} NOT NULL, PRIMARY KEY (${q(d, a)}, ${q(d, b)}), ` +
      `FOREIGN KEY (${q(d, a)}) REFERENCES ${qt(src, here.tableName)} (${q(d, hereKey.columnName!)}), FOREIGN KEY (${q(d, b)}) REFERENCES ${qt(src, there.tableName)} (${q(d, thereKey.columnName!)}))`;
    return {
      ddl,
      find: (links: ColumnRow[]) =>
        links.find((c) => c.modelId === here.id && linkOptions(c).type === "mm" && syncKey(c).startsWith(`mm:${j}:`)),
    };
  }
  const [child, parent, parentKey] = type === "bt" ? [here, there, thereKey] : [there, here, hereKey];
  const col = free(taken(child), `${parent.tableName}_id`);
  const { add, name } = fkSql(child, col, parent, parentKey);
  const key = `fk:${child.tableName}:${name}:${type}`;
  // libSQL reports no constraint names: its introspection names them fk_<table>_<column> too.
  return { ddl: add, find: (links: ColumnRow[]) => links.find((c) => c.modelId === here.id && syncKey(c) === key) };
}

const syncKey = (c: ColumnRow) => (JSON.parse(c.meta || "{}") as { fk?: string }).fk ?? "";

/** Creates a link on the source; returns after the sync has made its columns. */
export async function addLink(
  x: SchemaCtx,
  here: ModelRow,
  input: ColumnInput,
  resync: () => Promise<void>,
): Promise<void> {
  const raw = input as Record<string, unknown>;
  const parsed = linkInput.safeParse({
    ...raw,
    childId: raw.childId ?? (input.colOptions as Record<string, unknown> | undefined)?.fk_related_model_id,
  });
  if (!parsed.success) throw bad(parsed.error.issues[0]!.message);
  const title = checkColumnTitle(parsed.data.title);
  const hereCols = modelColumns(x.store, here.id);
  if (hereCols.some((c) => c.title.toLowerCase() === title.toLowerCase())) throw bad("Duplicate column alias");
  const there = findModel(x.store, parsed.data.childId);
  if (there.type === "view") throw bad(`${there.title} is a database view: links need a table`);
  const thereCols = modelColumns(x.store, there.id);
  const taken = (m: ModelRow) => [
    ...modelColumns(x.store, m.id).map((c) => c.columnName ?? ""),
    ...x.store.meta
      .select()
      .from(models)
      .all()
      .map((t) => t.tableName),
  ];
  const { ddl, find } = linkDdl(
    x.driver,
    parsed.data.type,
    here,
    there,
    keyOf(here, hereCols),
    keyOf(there, thereCols),
    taken,
  );
  await x.driver.execute(ddl);
  await resync();
  const made = find(x.store.meta.select().from(columns).where(eq(columns.uidt, "LinkToAnotherRecord")).all());
  if (!made) throw bad(`The database did not show the new link ${title}`);
  x.store.meta.update(columns).set({ title, updatedAt: now() }).where(eq(columns.id, made.id)).run();
  touched(x, [here.id, there.id]);
}

/** Deletes a computed column: meta only for lookups, rollups and formulas; DDL for links. */
export async function deleteComputed(x: SchemaCtx, col: ColumnRow, resync: () => Promise<void>): Promise<void> {
  const users = dependents(x.store, col).filter(
    (c) => c.id !== col.id && (!isLink(col.uidt) || c.id !== linkOptions(col).fk_reverse_column_id),
  );
  if (users.length) throw bad(`${col.title} is used by ${users.map((c) => c.title).join(", ")}: delete those first`);
  if (!isLink(col.uidt)) {
    x.store.meta.delete(columns).where(eq(columns.id, col.id)).run();
    touched(x, [col.modelId]);
    return;
  }
  const d = x.driver.dialect;
  const o = linkOptions(col);
  const reverse = x.store.meta
    .select()
    .from(columns)
    .where(eq(columns.id, o.fk_reverse_column_id ?? ""))
    .get();
  if (reverse && dependents(x.store, reverse).some((c) => c.id !== col.id && c.id !== reverse.id))
    throw bad(`${col.title}: its other side ${reverse.title} is used by computed fields: delete those first`);
  if (o.type === "mm") {
    const j = findModel(x.store, o.fk_mm_model_id!);
    await x.driver.execute(`DROP TABLE ${qt(x.driver, j.tableName)}`);
  } else {
    const fk = x.store.meta.select().from(columns).where(eq(columns.id, o.fk_child_column_id)).get();
    if (!fk?.columnName) throw bad(`${col.title}: its foreign key column is not known; sync the database first`);
    const child = findModel(x.store, fk.modelId);
    const { dropForeignKey: drop } = dialectOf(d);
    if (drop === "refuse")
      throw bad(
        `${col.title}: SQLite cannot drop a column used by a foreign key; drop ${fk.columnName} in the database, then sync`,
      );
    if (drop !== "cascade") {
      // MySQL and SQL Server refuse to drop a column its foreign key still uses: the constraint goes first.
      const constraint = syncKey(col).split(":")[2];
      if (constraint)
        await x.driver.execute(`ALTER TABLE ${qt(x.driver, child.tableName)} ${drop} ${q(d, constraint)}`);
    }
    await x.driver.execute(`ALTER TABLE ${qt(x.driver, child.tableName)} DROP COLUMN ${q(d, fk.columnName)}`);
  }
  await resync();
  touched(
    x,
    [col.modelId, ...(reverse ? [reverse.modelId] : [])].filter((id) =>
      x.store.meta.select().from(models).where(eq(models.id, id)).get(),
    ),
  );
}
