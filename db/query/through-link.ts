/** The records a link column reaches from a row, as SQL (links, lookups and rollups read through it). */
import { linkOptions } from "../fields/LinkToAnotherRecord";
import type { ColumnRow, ModelRow } from "../store/schema";
import type { Aliases, ComputedSchema } from "./aliases";
import { type Frag, ident, join, sql, tableIdent } from "./sql";

/** A table's key column, and its display value (the key when none is marked). */
export const key = (cols: ColumnRow[]) => cols.find((c) => c.pk)!;
export const display = (cols: ColumnRow[]) => cols.find((c) => c.pv) ?? key(cols);

export interface LinkFrom {
  /** `FROM ... WHERE ...` selecting the linked records as `inner`. */
  sql: Frag;
  /** The same, split: the FROM items and the condition (lists add items between them). */
  from: Frag;
  where: Frag;
  single: boolean;
  /** The linked records' key, in which lists are ordered. */
  order: Frag;
}

/** The records linked to row `alias` through `rel`, as `inner`. */
export function throughLink(model: ModelRow, rel: ColumnRow, alias: string, inner: string, names: Aliases): LinkFrom {
  const { schema, d } = names;
  const q = (n: string) => ident(d, n);
  const table = (n: string) => tableIdent(d, n, names.dbSchema);
  const o = linkOptions(rel);
  const related = schema.model(o.fk_related_model_id);
  const relCols = schema.columns(related.id);
  const here = schema.columns(model.id);
  const nameIn = (cols: ColumnRow[], id: string | undefined, fallback: ColumnRow) =>
    (cols.find((c) => c.id === id) ?? fallback).columnName!;
  // The reader's row rule on the target table, if any, narrows every link, lookup and rollup.
  const extra = names.restrict?.(related.id, inner);
  const done = (single: boolean, from: Frag, link: Frag, order: Frag): LinkFrom => {
    const where = extra ? sql`${link} AND (${extra})` : link;
    return { sql: sql`${from} WHERE ${where}`, from, where, single, order };
  };
  if (o.type === "mm") {
    const j = schema.model(o.fk_mm_model_id!);
    const jCols = schema.columns(j.id);
    const mine = jCols.find((c) => c.id === o.fk_mm_child_column_id)!.columnName!;
    const theirs = jCols.find((c) => c.id === o.fk_mm_parent_column_id)!.columnName!;
    const theirKey = nameIn(relCols, o.fk_parent_column_id, key(relCols));
    const myKey = nameIn(here, o.fk_child_column_id, key(here));
    const jAlias = `${inner}_j`;
    return done(
      false,
      sql`FROM ${table(j.tableName)} AS ${q(jAlias)} JOIN ${table(related.tableName)} AS ${q(inner)} ON ${q(inner)}.${q(theirKey)} = ${q(jAlias)}.${q(theirs)}`,
      sql`${q(jAlias)}.${q(mine)} = ${q(alias)}.${q(myKey)}`,
      sql`${q(inner)}.${q(theirKey)}`,
    );
  }
  const fk = [...here, ...relCols].find((c) => c.id === o.fk_child_column_id)!.columnName!;
  if (o.type === "hm") {
    const myKey = nameIn(here, o.fk_parent_column_id, key(here));
    // Every key column orders the list: an external table's key may be composite.
    const order = join(
      relCols.filter((c) => c.pk && c.columnName).map((c) => sql`${q(inner)}.${q(c.columnName!)}`),
      ", ",
    );
    return done(
      false,
      sql`FROM ${table(related.tableName)} AS ${q(inner)}`,
      sql`${q(inner)}.${q(fk)} = ${q(alias)}.${q(myKey)}`,
      order,
    );
  }
  const theirKey = nameIn(relCols, o.fk_parent_column_id, key(relCols));
  return done(
    true,
    sql`FROM ${table(related.tableName)} AS ${q(inner)}`,
    sql`${q(inner)}.${q(theirKey)} = ${q(alias)}.${q(fk)}`,
    sql`${q(inner)}.${q(theirKey)}`,
  );
}

/** The column of the linked table a link's records are keyed by (the first of its [key, display] pair). */
export function linkKey(schema: ComputedSchema, rel: ColumnRow): ColumnRow {
  const o = linkOptions(rel);
  const relCols = schema.columns(o.fk_related_model_id);
  if (o.type === "hm") return key(relCols);
  return relCols.find((c) => c.id === o.fk_parent_column_id) ?? key(relCols);
}
