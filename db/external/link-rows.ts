/**
 * Links on an external table (contract 5.3, NocoDB v2's link routes): the records linked to a row
 * (or, for the picker, those not linked) and the writes that link or unlink them — an FK update or a
 * junction row in the source's own transaction, within the reader's row rule. Split from rows.ts,
 * whose readers (tableOf, readBy) they use.
 */
import { bad, DbError, missing } from "../errors";
import { missingRecord } from "../rows/links";
import { compileList, type ListParams } from "../query";
import { Frag, ident, param, sql, render } from "../query/sql";
import { pageInfo } from "../rows/read";
import { type Queryable } from "./driver";
import { extTable, keyCond, keyValues, rowIdOf, tableSql, type ExtTable } from "./table";
import { withCheck } from "./access";
import { checkWritable } from "../rows/access-guard";
import { apiRows, fullTable, readBy, tableOf, type ExtCtx } from "./rows";

/** The link column of a table by id or title, with what it joins. */
function linkOf(ctx: ExtCtx, t: ExtTable, columnKey: string) {
  const l = t.links.find((x) => x.col.id === columnKey || x.col.title === columnKey);
  if (!l) throw missing(`Column with id/name '${columnKey}' is not found`);
  return { l, rel: tableOf(ctx, l.o.fk_related_model_id) };
}

const nameOf = (t: ExtTable, id: string | undefined) => t.all.find((c) => c.id === id)?.columnName ?? "";

/** Records linked to a row, or (picker) those not linked, with paging. */
export async function nestedList(
  ctx: ExtCtx,
  tableKey: string,
  rowId: string,
  columnKey: string,
  params: ListParams,
  linked: boolean,
) {
  const t = tableOf(ctx, tableKey);
  const { l, rel } = linkOf(ctx, t, columnKey);
  const d = ctx.driver.dialect;
  const raw = await readBy(ctx, ctx.driver, t, keyValues(t, rowId, d));
  if (!raw) throw missing("Row not found");
  let cond: Frag;
  if (l.o.type === "bt") {
    const fkVal = raw[nameOf(t, l.o.fk_child_column_id)] ?? null;
    const parentKey = ident(d, nameOf(rel, l.o.fk_parent_column_id));
    cond = fkVal === null ? sql`1 = 0` : sql`${parentKey} = ${param(fkVal)}`;
  } else if (l.o.type === "hm") {
    const myVal = raw[nameOf(t, l.o.fk_parent_column_id)] ?? null;
    cond = sql`${ident(d, nameOf(rel, l.o.fk_child_column_id))} = ${param(myVal)}`;
  } else {
    const j = extTable(ctx.store, l.o.fk_mm_model_id!);
    const myVal = raw[nameOf(t, l.o.fk_child_column_id)] ?? null;
    cond = sql`${ident(d, nameOf(rel, l.o.fk_parent_column_id))} IN (SELECT ${ident(d, nameOf(j, l.o.fk_mm_parent_column_id))} FROM ${tableSql(ctx.driver, j.ref.model.tableName)} WHERE ${ident(d, nameOf(j, l.o.fk_mm_child_column_id))} = ${param(myVal)})`;
  }
  const extra = linked ? cond : sql`NOT (${cond})`;
  const compiled = compileList({ dialect: d, table: fullTable(ctx, rel), ...params, extra });
  const list = apiRows(ctx, rel, compiled.select, await ctx.driver.query(compiled.list.sql, compiled.list.params));
  const total = Number((await ctx.driver.query(compiled.count.sql, compiled.count.params))[0]?.count ?? 0);
  return { list, pageInfo: pageInfo(total, params.limit, params.offset) };
}

/**
 * Both ends of a link about to be written, read through `q`: the link column, the two tables and
 * the two raw rows. `hereKeys` is called after the column is found (its errors come first).
 */
async function linkEnds(
  ctx: ExtCtx,
  q: Queryable,
  t: ExtTable,
  hereKeys: () => unknown[],
  columnKey: string,
  refRowId: string,
) {
  const { l, rel } = linkOf(ctx, t, columnKey);
  // A link the reader may only read is refused as any read-only field is (403 naming it).
  checkWritable(t.ref, { [l.col.title]: null });
  const here = await readBy(ctx, q, t, hereKeys());
  const there = await readBy(ctx, q, rel, keyValues(rel, refRowId, ctx.driver.dialect));
  if (!here || !there) throw missing("Row not found");
  return { t, l, rel, here, there };
}

/**
 * The link written (or removed) inside transaction `q`: an FK update, or a junction row. A link
 * already there (or an unlink already gone) is refused, or with `lenient` answers false (nothing
 * written, nothing run: the transaction stays usable).
 */
async function writeLink(
  ctx: ExtCtx,
  q: Queryable,
  ends: Awaited<ReturnType<typeof linkEnds>>,
  add: boolean,
  lenient = false,
): Promise<boolean> {
  const { t, l, rel, here, there } = ends;
  const d = ctx.driver.dialect;
  let s;
  if (l.o.type === "mm") {
    const j = extTable(ctx.store, l.o.fk_mm_model_id!);
    const [mine, theirs] = [nameOf(j, l.o.fk_mm_child_column_id), nameOf(j, l.o.fk_mm_parent_column_id)];
    const a = here[nameOf(t, l.o.fk_child_column_id)];
    const b = there[nameOf(rel, l.o.fk_parent_column_id)];
    const jt = tableSql(ctx.driver, j.ref.model.tableName);
    const pair = sql`${ident(d, mine)} = ${param(a)} AND ${ident(d, theirs)} = ${param(b)}`;
    const exists = await q.query(render(sql`SELECT 1 AS x FROM ${jt} WHERE ${pair}`, d).sql, render(pair, d).params);
    if (add === exists.length > 0) {
      if (lenient) return false;
      throw add ? bad("This record is already linked") : missing("This record is not linked");
    }
    s = add
      ? render(sql`INSERT INTO ${jt} (${ident(d, mine)}, ${ident(d, theirs)}) VALUES (${param(a)}, ${param(b)})`, d)
      : render(sql`DELETE FROM ${jt} WHERE ${pair}`, d);
  } else {
    // bt: this row's FK; hm: the related row's FK.
    const [child, childRow, parentRow, parentT] = l.o.type === "bt" ? [t, here, there, rel] : [rel, there, here, t];
    const fk = nameOf(child, l.o.fk_child_column_id);
    const parentVal = parentRow[nameOf(parentT, l.o.fk_parent_column_id)];
    const current = childRow[fk];
    const linked = current !== null && current !== undefined && String(current) === String(parentVal);
    if (add === linked) {
      if (lenient) return false;
      throw add ? bad("This record is already linked") : missing("This record is not linked");
    }
    checkWritable(child.ref, { [fk]: null });
    const childKeys = child.keys.map((k) => childRow[k.columnName]);
    s = render(
      sql`UPDATE ${tableSql(ctx.driver, child.ref.model.tableName)} SET ${ident(d, fk)} = ${param(add ? parentVal : null)} WHERE ${keyCond(d, child, childKeys)}`,
      d,
    );
    await q.execute(s.sql, s.params);
    // The changed record must stay within the reader's rule (its FK may be what the rule reads).
    await withCheck(q, child, ctx.driver, childKeys);
    return true;
  }
  await q.execute(s.sql, s.params);
  return true;
}

/** Links or unlinks one related record on the source (FK update, or a junction row). */
export async function setLink(
  ctx: ExtCtx,
  tableKey: string,
  rowId: string,
  columnKey: string,
  refRowId: string,
  add: boolean,
) {
  const t = tableOf(ctx, tableKey);
  const ends = await linkEnds(ctx, ctx.driver, t, () => keyValues(t, rowId, ctx.driver.dialect), columnKey, refRowId);
  await ctx.driver.transaction((q) => writeLink(ctx, q, ends, add));
  return {
    msg: `The relation data has been ${add ? "created" : "deleted"} successfully`,
    relatedTableId: ends.rel.ref.model.id,
  };
}

/**
 * Links or unlinks several related records in one transaction of the source (NocoDB v2's link
 * routes), as db/rows/links.ts setLinks: a missing record (named) rolls back every change, a link
 * already there (or an unlink already gone) counts as done, a belongs-to link holds one record.
 */
export async function setLinks(
  ctx: ExtCtx,
  tableKey: string,
  rowId: string,
  columnKey: string,
  refRowIds: readonly string[],
  add: boolean,
) {
  const t = tableOf(ctx, tableKey);
  const { l, rel } = linkOf(ctx, t, columnKey);
  if (l.o.type === "bt" && new Set(refRowIds).size > 1)
    throw bad(`${l.col.title} links one record: name one, not ${refRowIds.length}`);
  const hereKeys = () => keyValues(t, rowId, ctx.driver.dialect);
  const changed = await ctx.driver.transaction(async (q) => {
    // The record itself first: a 404 after this one names the related record.
    if (!(await readBy(ctx, q, t, hereKeys()))) throw missing("Row not found");
    let n = 0;
    for (const ref of refRowIds) {
      const ends = await linkEnds(ctx, q, t, hereKeys, columnKey, ref).catch((e: unknown) => {
        throw e instanceof DbError && e.status === 404 ? missingRecord(ref, rel.ref.model.title) : e;
      });
      if (await writeLink(ctx, q, ends, add, true)) n++;
    }
    return n;
  });
  return {
    msg: `The relation data has been ${add ? "created" : "deleted"} successfully`,
    relatedTableId: rel.ref.model.id,
    changed,
  };
}

/**
 * Links the row with key values `keys` to one related record inside transaction `q`, where that
 * row may have just been inserted (a form's record, form-submit.ts). Answers the related table's id.
 */
export async function setLinkIn(
  ctx: ExtCtx,
  q: Queryable,
  tableKey: string,
  keys: unknown[],
  columnKey: string,
  refRowId: string,
) {
  const t = tableOf(ctx, tableKey);
  const ends = await linkEnds(ctx, q, t, () => keys, columnKey, refRowId);
  await writeLink(ctx, q, ends, true);
  return ends.rel.ref.model.id;
}

export { rowIdOf };
