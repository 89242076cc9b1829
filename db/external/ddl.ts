/**
 * Schema changes made through the app run on the source database itself (issue 20), then the
 * project's meta is read again from it. Rules:
 * - a new table gets an auto-increment integer key `id` and the given physical fields, typed by
 *   the field registry's storage for the source's dialect (Title as text when none is given);
 * - a new field is added nullable; a rename of the physical name is RENAME COLUMN, of the title
 *   only a meta change; deleting a field drops the column; deleting a table drops it;
 * - links, lookups, rollups and formulas are added to an existing table (computed-ops.ts), not
 *   with a new table's fields; views are never altered;
 * - identifiers are quoted by the dialect; a database refusal is its own message (400);
 * - tables are named as every statement names them (db/query/sql.ts quoteTable): `[schema].[table]`
 *   on SQL Server when the source reads a schema other than the login's default (`dbSchema`, the
 *   driver's), bare otherwise. A new table is created in that schema; sp_rename takes the
 *   qualified old name and the bare new one.
 */
import { bad } from "../errors";
import { jsonObject } from "../fields/column-options";
import { fieldType, parseOptions, keyOf } from "../fields/registry";
import type { Dialect, UIType } from "../fields/types";
import { dialectOf } from "../query/dialects";
import { quoteIdent, quoteTable } from "../query/sql";
import { checkUidt, type ColumnInput } from "../schema/column-def";
import { checkColumnTitle } from "../schema/names";

export function columnType(d: Dialect, input: ColumnInput): { name: string; type: string; uidt: UIType } {
  const uidt = checkUidt(input.uidt ?? "SingleLineText");
  const title = checkColumnTitle(input.title ?? input.column_name);
  if (fieldType(uidt).virtual)
    throw bad(`${title}: links, lookups, rollups and formulas are added after the table exists, one field at a time`);
  const meta = jsonObject(input.meta);
  const res = parseOptions(uidt, { ...meta, ...(input.colOptions ?? {}) });
  if (!res.ok) throw bad(`${title}: ${res.error}`);
  // Select fields are plain text columns on the source: their options live in the app's meta.
  const type = keyOf(uidt) ? dialectOf(d).integerType : fieldType(uidt).storage(d, res.value as never);
  if (!type) throw bad(`${title}: this field type has no column type on ${d}`);
  return { name: (input.column_name || title).trim(), type, uidt };
}

export function createTableSql(d: Dialect, tableName: string, columns: ColumnInput[], dbSchema?: string): string {
  const q = (n: string) => quoteIdent(d, n);
  const user = columns.filter(
    (c) =>
      !(
        c.pk ||
        keyOf(c.uidt ?? "") === "primary" ||
        c.column_name === "id" ||
        ((c.column_name === "created_at" || c.column_name === "updated_at") && c.uidt !== "SingleLineText")
      ),
  );
  const defs = (user.length ? user : [{ title: "Title", column_name: "title", uidt: "SingleLineText" }]).map((c) =>
    columnType(d, c),
  );
  const names = new Set(["id"]);
  for (const c of defs) {
    if (names.has(c.name.toLowerCase())) throw bad(`Duplicate column name: ${c.name}`);
    names.add(c.name.toLowerCase());
  }
  return `CREATE TABLE ${quoteTable(d, tableName, dbSchema)} (${[`${q("id")} ${dialectOf(d).keyColumnDef}`, ...defs.map((c) => `${q(c.name)} ${c.type}`)].join(", ")})`;
}

/** SQL Server's ALTER TABLE takes `ADD name type`, without the word COLUMN. */
export const addColumnSql = (d: Dialect, table: string, c: { name: string; type: string }, dbSchema?: string) =>
  `ALTER TABLE ${quoteTable(d, table, dbSchema)} ${dialectOf(d).addColumn} ${quoteIdent(d, c.name)} ${c.type}`;

/** SQL Server renames through sp_rename: the object as `[table].[column]`, the new name bare. */
export const renameColumnSql = (d: Dialect, table: string, from: string, to: string, dbSchema?: string) =>
  dialectOf(d).renameColumn(quoteTable(d, table, dbSchema), from, to);

/**
 * A rename keeps the table in its schema: sp_rename and ALTER TABLE .. RENAME TO take the new name
 * bare; MySQL's RENAME TABLE names both (a bare new name would be the current database's).
 */
export const renameTableSql = (d: Dialect, from: string, to: string, dbSchema?: string) =>
  dialectOf(d).renameTable(quoteTable(d, from, dbSchema), to, quoteTable(d, to, dbSchema));

export const dropColumnSql = (d: Dialect, table: string, name: string, dbSchema?: string) =>
  `ALTER TABLE ${quoteTable(d, table, dbSchema)} DROP COLUMN ${quoteIdent(d, name)}`;

export const dropTableSql = (d: Dialect, table: string, dbSchema?: string) =>
  `DROP TABLE ${quoteTable(d, table, dbSchema)}`;
