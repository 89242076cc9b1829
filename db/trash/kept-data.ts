import type { Drops } from "../schema/drops";
import { physicalName, quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import { dropSearchIndex } from "../rows/search-index-names";

/**
 * The stored data a trashed field or table keeps: not copied but renamed out of the way, so the
 * delete and the restore are O(1) whatever the rows, and exact (same values, same rowids).
 * Nothing reads them meanwhile: no meta names them (row reads select the meta's columns; CSV
 * export and import go by the meta too), and a leftover column takes no value on insert (user
 * columns are declared without NOT NULL or UNIQUE, column-def.ts). Purge drops them for good.
 */
export interface KeptColumn {
  /** The table holding it (its meta id: the physical name may change when a table comes back). */
  modelId: string;
  column: string;
  trash: string;
}
export interface KeptTable {
  modelId: string;
  table: string;
  trash: string;
}
export interface Kept {
  columns: KeptColumn[];
  tables: KeptTable[];
}

/** Indexes of a table other than SQLite's own (a UNIQUE's), optionally only those naming a column. */
function indexesOf(store: ProjectStore, table: string, column?: string): string[] {
  return store
    .exec(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL AND (? IS NULL OR instr(sql, ?) > 0)",
      table,
      column === undefined ? null : quoteIdent(column),
      column === undefined ? null : quoteIdent(column),
    )
    .map((r) => String(r.name));
}

/**
 * Index names are made from table and column names (`_nc_fk_<table>__<column>`, `_nc_ix_...`), so
 * a kept one would clash with, or silently stand in for, a new table's or field's: they are dropped
 * here, and a restore makes the link indexes again (restoreIndexes); sort indexes come on demand.
 */
function dropIndexes(store: ProjectStore, table: string, column?: string) {
  for (const name of indexesOf(store, table, column)) store.exec(`DROP INDEX IF EXISTS ${quoteIdent(name)}`);
}

/** The Drops of a delete that goes to the trash: renames instead of dropping, and remembers. */
export class Keeper implements Drops {
  readonly kept: Kept = { columns: [], tables: [] };
  private n = 0;
  constructor(private readonly key: string) {}

  private trashName() {
    return `_nc_trash_${this.key}_${++this.n}`;
  }
  column(store: ProjectStore, table: { id: string; tableName: string }, column: string) {
    const trash = this.trashName();
    dropIndexes(store, table.tableName, column);
    dropSearchIndex(store, table.tableName);
    store.exec(
      `ALTER TABLE ${quoteIdent(table.tableName)} RENAME COLUMN ${quoteIdent(column)} TO ${quoteIdent(trash)}`,
    );
    this.kept.columns.push({ modelId: table.id, column, trash });
  }
  table(store: ProjectStore, table: { id: string; tableName: string }) {
    const trash = this.trashName();
    dropIndexes(store, table.tableName);
    dropSearchIndex(store, table.tableName);
    store.exec(`ALTER TABLE ${quoteIdent(table.tableName)} RENAME TO ${quoteIdent(trash)}`);
    // A column kept earlier in this same delete (a link's FK in a table that goes too) moves along.
    this.kept.tables.push({ modelId: table.id, table: table.tableName, trash });
  }
}

const tableExists = (store: ProjectStore, name: string) =>
  store.exec("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE", name).length > 0;

const columnNames = (store: ProjectStore, table: string) =>
  store.exec("SELECT name FROM pragma_table_info(?)", table).map((r) => String(r.name));

/**
 * Puts a kept table back under its name, or a free one when a new table took it meanwhile;
 * answers the name it has now.
 */
export function unkeepTable(store: ProjectStore, t: KeptTable): string {
  const taken = store.exec("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name));
  const name = tableExists(store, t.table) ? physicalName(t.table, taken, "table") : t.table;
  store.exec(`ALTER TABLE ${quoteIdent(t.trash)} RENAME TO ${quoteIdent(name)}`);
  return name;
}

/** Puts a kept column back into `table` under its name, or a free one; answers the name. */
export function unkeepColumn(store: ProjectStore, table: string, c: KeptColumn): string {
  const taken = columnNames(store, table);
  const name = taken.some((n) => n.toLowerCase() === c.column.toLowerCase())
    ? physicalName(c.column, taken, "field")
    : c.column;
  store.exec(`ALTER TABLE ${quoteIdent(table)} RENAME COLUMN ${quoteIdent(c.trash)} TO ${quoteIdent(name)}`);
  return name;
}

/** Drops a kept table for good (purge, or a restore that cannot bring it back). */
export function dropKeptTable(store: ProjectStore, t: KeptTable) {
  dropSearchIndex(store, t.trash);
  store.exec(`DROP TABLE IF EXISTS ${quoteIdent(t.trash)}`);
}

/** Drops a kept column for good, wherever its table is now (`table`: its physical name, if any). */
export function dropKeptColumn(store: ProjectStore, table: string | null, c: KeptColumn) {
  if (!table || !columnNames(store, table).includes(c.trash)) return;
  dropSearchIndex(store, table);
  store.exec(`ALTER TABLE ${quoteIdent(table)} DROP COLUMN ${quoteIdent(c.trash)}`);
}

/** Link indexes of restored foreign-key columns, made again (the delete dropped them). */
export function restoreIndexes(store: ProjectStore, fks: Array<{ table: string; column: string; junction: boolean }>) {
  for (const fk of fks) {
    // A junction's first column leads its UNIQUE (table1_id, table2_id): no index of its own.
    if (fk.junction && fk.column === "table1_id") continue;
    store.exec(
      `CREATE INDEX IF NOT EXISTS ${quoteIdent(`_nc_fk_${fk.table}__${fk.column}`)} ON ${quoteIdent(fk.table)} (${quoteIdent(fk.column)})`,
    );
  }
}
