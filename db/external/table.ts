/**
 * An external table as the row engine sees it: its physical columns (the source's own defaults
 * apply on insert, so a column with a database default is never required here), its primary key
 * in key order (composite keys too; a row id joins the values with `___`, contract 1.8) and its
 * links. Views of the source are read-only.
 */
import { fieldType, isLink } from "../fields/registry";
import type { Dialect, Stored, UIType } from "../fields/types";
import { bad, missing } from "../errors";
import type { QueryTable } from "../query";
import type { Restrict } from "../query/computed";
import { dialectOf } from "../query/dialects";
import { ident, join, param, sql, tableIdent, type Frag } from "../query/sql";
import { eq } from "drizzle-orm";
import type { TableRef } from "../rows/table-ref";
import { rowColumns, type RowColumn } from "../rows/row-codec";
import { models } from "../store/schema";
import { linkOptions, type LinkOptions } from "../schema/links";
import { modelColumns } from "../schema/tables";
import type { ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { SqlTarget } from "./driver";
import { queryColumnOf } from "../rows/row-codec";

export interface ExtTable {
  ref: TableRef;
  cols: RowColumn[];
  keys: RowColumn[];
  links: Array<{ col: ColumnRow; o: LinkOptions }>;
  all: ColumnRow[];
  readOnly: boolean;
  /** Set for a narrowed reader (access.ts): their row rules on the tables links reach. */
  restrict?: Restrict;
  /** Set for a narrowed reader: the ids of the fields hidden from them (`all` keeps every column). */
  hidden?: ReadonlySet<string>;
  /** Has-many and many-to-many links read as the number of linked records (NocoDB v2: rows.ts computedOf). */
  linkCounts?: boolean;
}

export function extTable(store: ProjectStore, key: string): ExtTable {
  const cacheKey = `ext:${key}`;
  const known = store.schemaCache.get(cacheKey) as ExtTable | undefined;
  if (known) return known;
  // Not rows/table-ref: its computed columns compile for SQLite; rows.ts compiles them for the source (computedOf).
  const model =
    store.meta.select().from(models).where(eq(models.id, key)).get() ??
    store.meta.select().from(models).where(eq(models.title, key)).get();
  if (!model) throw missing("Table not found");
  const all = modelColumns(store, model.id);
  const base = { model, cols: rowColumns(all) };
  const pkOrder = (id: string) =>
    (JSON.parse(all.find((c) => c.id === id)?.meta ?? "{}") as { pkOrder?: number }).pkOrder ?? 1;
  const cols = base.cols.map((c) => ({ ...c, rqd: c.rqd && c.cdf === null && !c.ai, cdf: null }));
  const keys = cols.filter((c) => c.pk).sort((a, b) => pkOrder(a.id) - pkOrder(b.id));
  const ref: TableRef = { model: base.model, cols, virtual: [], belongsTo: [] };
  const t: ExtTable = {
    ref,
    cols,
    keys,
    all,
    links: all.filter((c) => isLink(c.uidt)).map((col) => ({ col, o: linkOptions(col) })),
    readOnly: base.model.type === "view",
  };
  store.schemaCache.set(cacheKey, t);
  return t;
}

/** The table for the query compiler; `dbSchema`: the source driver's (names it `[schema].[table]`). */
export function queryTableOf(t: ExtTable, dbSchema?: string): QueryTable {
  return {
    tableName: t.ref.model.tableName,
    ...(dbSchema ? { dbSchema } : {}),
    columns: t.cols.map(queryColumnOf),
  };
}

/** A table of the source as its statements name it (`[schema].[table]` when the driver says so). */
export const tableSql = (src: SqlTarget, name: string): Frag => tableIdent(src.dialect, name, src.dbSchema);

export function assertWritable(t: ExtTable) {
  if (t.readOnly) throw bad(`${t.ref.model.title} is a database view: it is read-only`);
  if (!t.keys.length) throw bad(`${t.ref.model.title} has no primary key: its rows cannot be addressed for writing`);
}

/** Key columns holding numbers bind as numbers (mysql, libSQL); pg takes the text and casts it. */
const NUMERIC = (uidt: UIType) => fieldType(uidt)?.kind === "number";

/** A row id (`a___b` for composite keys) as the key values to bind, in key order. */
export function keyValues(t: ExtTable, rowId: unknown, dialect: Dialect): unknown[] {
  if (!t.keys.length) throw missing("Row not found");
  const text = typeof rowId === "number" ? String(rowId) : typeof rowId === "string" ? rowId : "";
  const parts = t.keys.length === 1 ? [text] : text.split("___");
  if (parts.length !== t.keys.length || parts.some((p) => p === "")) throw missing("Row not found");
  return parts.map((p, i) => {
    const c = t.keys[i]!;
    if (NUMERIC(c.uidt) && !dialectOf(dialect).keysBoundAsText) return /^-?\d+(\.\d+)?$/.test(p) ? Number(p) : p;
    return p;
  });
}

/** The row id of a stored row: key values joined with `___`. */
export function rowIdOf(t: ExtTable, stored: Record<string, Stored>): string {
  return t.keys.map((k) => String(stored[k.columnName] ?? "")).join("___");
}

export const typeOf = (c: { uidt: UIType }) => fieldType(c.uidt);

/** `key1 = ? AND key2 = ?` for one row's key values. */
export function keyCond(d: Dialect, t: ExtTable, values: unknown[]): Frag {
  return join(
    t.keys.map((k, i) => sql`${ident(d, k.columnName)} = ${param(values[i])}`),
    " AND ",
  );
}
