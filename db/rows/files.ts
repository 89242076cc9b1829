import { bad } from "../errors";
import { fieldType } from "../fields/registry";
import type { Stored, UIType } from "../fields/types";
import { eq } from "drizzle-orm";
import { quoteIdent } from "../schema/names";
import { findColumn } from "../schema/columns";
import { findModel, modelColumns } from "../schema/tables";
import { columns, models, type ColumnRow, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { RowColumn } from "./row-codec";
import { allKeptPlaces } from "../trash/kept-places";

/**
 * Uploaded files named by rows, found in SQL so that deleting a record, a field or a table can
 * remove them from storage once the delete has committed. The field registry says which types
 * hold files (`storedFiles`); the values are read in one statement per column, never per row.
 * An upload may be named by more than one record (a cell copied to another record): it is removed
 * only once nothing names it any more (stillNamed, asked when its removal is due).
 */

/** Collects `download/...` paths while rows are deleted (write.ts reads them from RETURNING). */
export type FileSink = string[];

const holdsFiles = (uidt: string) => Boolean(fieldType(uidt as UIType)?.storedFiles);

export function fileColumns(cols: RowColumn[]): RowColumn[] {
  return cols.filter((c) => c.type.storedFiles);
}

/** Adds the paths named by the values of these columns in one row. */
export function collectFiles(sink: FileSink, cols: RowColumn[], raw: Record<string, Stored>) {
  for (const c of cols) sink.push(...c.type.storedFiles!(raw[c.columnName] ?? null));
}

function columnFiles(store: ProjectStore, tableName: string, col: ColumnRow): string[] {
  if (!col.columnName || !holdsFiles(col.uidt)) return [];
  const name = quoteIdent(col.columnName);
  const type = fieldType(col.uidt as UIType)!;
  const out: string[] = [];
  // Only cells that name an upload: URL-only values hold nothing to remove.
  for (const r of store.exec(`SELECT ${name} AS v FROM ${quoteIdent(tableName)} WHERE ${name} LIKE '%download/%'`)) {
    out.push(...type.storedFiles!(r.v ?? null));
  }
  return out;
}

/** Files held by one field, read before the field is dropped. */
export function filesOfColumn(store: ProjectStore, columnId: string): string[] {
  const col = findColumn(store, columnId);
  if (!holdsFiles(col.uidt)) return [];
  return columnFiles(store, findModel(store, col.modelId).tableName, col);
}

/** Files held by every field of a table, read before the table is dropped. */
export function filesOfTable(store: ProjectStore, tableId: string): string[] {
  const model = findModel(store, tableId);
  return modelColumns(store, model.id).flatMap((c) => columnFiles(store, model.tableName, c));
}

/** A path without its query or fragment (a cell may keep a signed link's `?e=&s=`), in SQL. */
const bare = (x: string) => `substr(${x}, 1, min(instr(${x} || '?', '?'), instr(${x} || '#', '#')) - 1)`;

/** Which of `paths` the cells of one column name: one statement over the cells that name an upload. */
export function namedInColumn(
  store: ProjectStore,
  tableName: string,
  col: { columnName: string | null; uidt: string },
  paths: string[],
): string[] {
  const cell = col.columnName ? `_t.${quoteIdent(col.columnName)}` : null;
  const q = cell ? fieldType(col.uidt as UIType)?.storedFilesSql?.(cell) : undefined;
  if (!q || !paths.length) return [];
  const path = bare(q.path);
  return store
    .exec(
      `SELECT DISTINCT ${path} AS p FROM ${quoteIdent(tableName)} AS _t, ${q.from}
       WHERE ${cell} LIKE '%download/%' AND ${q.where} AND ${path} IN (SELECT value FROM json_each(?))`,
      JSON.stringify(paths),
    )
    .map((r) => String(r.p));
}

/** The records' cells: every file field of every table of the project. */
function namedByRecords(store: ProjectStore, paths: string[]): string[] {
  const fields = store.meta
    .select({ tableName: models.tableName, columnName: columns.columnName, uidt: columns.uidt })
    .from(columns)
    .innerJoin(models, eq(columns.modelId, models.id))
    .all()
    .filter((c) => holdsFiles(c.uidt));
  const left = new Set(paths);
  for (const f of fields) {
    if (!left.size) break;
    for (const p of namedInColumn(store, f.tableName, f, [...left])) left.delete(p);
  }
  return paths.filter((p) => !left.has(p));
}

/**
 * Deleted records in the trash (db/trash/capture.ts): their uploads stay until the entry is
 * purged, so a restored record has its files. A path names its table
 * (`download/noco/<project>/<table>/<field>/...`, where a record may name only its own field's
 * uploads: checkOwnUploads), so only that table's entries are read (by the trash's table index);
 * a path of another shape is looked for in every record entry. The payload holds the cell as stored.
 */
function namedByTrash(store: ProjectStore, paths: string[]): string[] {
  const pairs = paths.map((p) => [p, /^download\/noco\/[^/]+\/([^/]+)\//.exec(p)?.[1] ?? null]);
  return store
    .exec(
      `SELECT x.value ->> 0 AS p FROM json_each(?) AS x
       WHERE x.value ->> 1 IS NOT NULL AND EXISTS (SELECT 1 FROM _nc_trash AS t
         WHERE t.fk_model_id = x.value ->> 1 AND t.kind = 'record' AND instr(t.payload, x.value ->> 0) > 0)
       UNION
       SELECT x.value ->> 0 FROM json_each(?) AS x
       WHERE x.value ->> 1 IS NULL AND EXISTS (SELECT 1 FROM _nc_trash AS t
         WHERE t.kind = 'record' AND instr(t.payload, x.value ->> 0) > 0)`,
      JSON.stringify(pairs),
      JSON.stringify(pairs),
    )
    .map((r) => String(r.p));
}

/** Fields and tables in the trash (db/trash/kept-places.ts): their kept cells, until purged. */
function namedByKeptData(store: ProjectStore, paths: string[]): string[] {
  const left = new Set(paths);
  for (const f of allKeptPlaces(store)) {
    if (!left.size) break;
    for (const p of namedInColumn(store, f.tableName, f, [...left])) left.delete(p);
  }
  return paths.filter((p) => !left.has(p));
}

/**
 * What may still name an upload: the records' cells, the trash's records and the trash's kept
 * fields and tables; a later holder of record values (a snapshot) adds its own statement here,
 * and its files stay with it.
 */
const HOLDERS: Array<(store: ProjectStore, paths: string[]) => string[]> = [
  namedByRecords,
  namedByTrash,
  namedByKeptData,
];

/** Which of these uploads (`download/...` paths, no query) something in the project still names. */
export function stillNamed(store: ProjectStore, paths: string[]): Set<string> {
  const named = new Set<string>();
  for (const holder of HOLDERS) {
    const left = paths.filter((p) => !named.has(p));
    if (!left.length) break;
    for (const p of holder(store, left)) named.add(p);
  }
  return named;
}

/**
 * A record names only its own field's uploads (N4): a path of this project must lie in the
 * field's folder, `download/noco/<project>/<table id>/<field id>/` (where the upload route puts a
 * file sent for the field), or be one the field already names (a cell copied to another record of
 * the field, values written before this rule). Another field's or table's upload is refused, so a
 * file cannot be taken into a record its owner's rules do not reach. Paths of other projects name
 * nothing of ours (no signed link, no removal) and pass. Without the project id (a store outside
 * the room) there is nothing to tell apart.
 */
export function checkOwnUploads(store: ProjectStore, model: ModelRow, col: RowColumn, values: Stored[]) {
  const project = store.projectId;
  if (!project || !col.type.storedFiles) return;
  const mine = `download/noco/${project}/`;
  const folder = `${mine}${model.id}/${col.id}/`;
  const foreign = new Set<string>();
  for (const v of values)
    for (const p of col.type.storedFiles(v)) {
      const path = p.split(/[?#]/)[0]!;
      if (path.startsWith(mine) && !path.startsWith(folder)) foreign.add(path);
    }
  if (!foreign.size) return;
  const known = new Set(namedInColumn(store, model.tableName, col, [...foreign]));
  const refused = [...foreign].find((p) => !known.has(p));
  if (refused)
    throw bad(
      `${col.title}: ${JSON.stringify(refused)} was uploaded to another field; upload the file to ${col.title} instead`,
    );
}
