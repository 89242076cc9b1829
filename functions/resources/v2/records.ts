import { Hono } from "hono";
import { z } from "zod";
import { MAX_LINKS } from "../../../db/data/requests";
import { readListParams } from "../../../db/query";
import { withSignedFiles } from "../../lib/attachments/sign-answer";
import { badRequest } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import { unwrap } from "../../lib/room";
import { readJson } from "../../lib/validate";
import { need, needInRoom } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { actorOf, data, type Ctx } from "../data/context";
import { aggregate, bulkAggregate } from "./aggregates";
import { v2Errors } from "./errors";
import { bulkItems, query, scope, tableId, v2PageInfo } from "./request";

/**
 * NocoDB's v2 data API (`/api/v2/tables/{tableId}/...`, nocodb-sdk 0.301 `dbDataTableRow`): the
 * same room requests and access checks as the v1 data routes (resources/data/rows.ts), only the
 * shapes mapped: records keyed by field title, bodies `[{Id}]`, answers `[{Id: 1}]`,
 * `viewId` / `where` / `sort` / `fields` / `limit` / `offset` in the query, and a has-many or
 * many-to-many link (NocoDB v2's `Links`) as the number of its linked records (`linkCounts`).
 */

/** The answer's record keys as v2 names them: `{Id}` (our bulk answers name the key column). */
const idOf = (key: Record<string, unknown>) => ({ Id: Object.values(key)[0] });

const record = z.record(z.string(), z.unknown());
const records = z.union([record, z.array(record)]);
const keyed = z.union([
  z.object({ Id: z.union([z.number(), z.string()]) }).loose(),
  z.array(z.object({ Id: z.unknown() }).loose()),
]);

/** A body of one record or a list of them; the answer follows its form. */
async function recordsBody(c: Ctx): Promise<{ rows: unknown[]; one: boolean }> {
  const value = await readJson(c);
  if (Array.isArray(value)) return { rows: value, one: false };
  if (value && typeof value === "object") return { rows: [value], one: true };
  throw badRequest("Request body must be a record or a list of records");
}

const answer = (keys: Record<string, unknown>[], one: boolean) => (one ? idOf(keys[0]!) : keys.map(idOf));

async function list(c: Ctx) {
  const page = await withSignedFiles(
    c,
    await unwrap(
      data(c).read({
        op: "list",
        table: tableId(c),
        params: readListParams(query(c)),
        scope: scope(c),
        linkCounts: true,
      }),
    ),
  );
  return c.json({ list: page.list, pageInfo: v2PageInfo(page.pageInfo, c.req.query("offset")) });
}

async function count(c: Ctx) {
  const where = readListParams(query(c)).where;
  return c.json(
    await unwrap(data(c).read({ op: "count", table: tableId(c), where, scope: scope(c), linkCounts: true })),
  );
}

/** One record; `fields` narrows it as it narrows a list. */
async function readOne(c: Ctx) {
  const row = await unwrap(
    data(c).read({ op: "one", table: tableId(c), rowId: c.req.param("recordId")!, linkCounts: true }),
  );
  const asked = readListParams(query(c))
    .fields?.map((f) => f.trim())
    .filter(Boolean);
  if (!asked?.length || asked.includes("*")) return c.json(await withSignedFiles(c, row));
  for (const title of asked)
    if (!Object.hasOwn(row, title)) throw badRequest(`fields: '${title}' is not a field of this table`);
  return c.json(await withSignedFiles(c, Object.fromEntries(asked.map((title) => [title, row[title]]))));
}

async function create(c: Ctx) {
  const { rows, one } = await recordsBody(c);
  const keys = await unwrap(data(c).write({ op: "insertMany", table: tableId(c), bodies: rows }, actorOf(c)));
  return c.json(answer(keys, one));
}

async function update(c: Ctx) {
  const { rows, one } = await recordsBody(c);
  const keys = await unwrap(data(c).write({ op: "updateMany", table: tableId(c), bodies: rows }, actorOf(c)));
  return c.json(answer(keys, one));
}

async function remove(c: Ctx) {
  const { rows, one } = await recordsBody(c);
  const keys = await unwrap(data(c).write({ op: "deleteMany", table: tableId(c), bodies: rows }, actorOf(c)));
  return c.json(answer(keys, one));
}

/** Several pages at once, each under its alias (nocodb-sdk `dbDataTableBulkList`): one `list` read each. */
async function bulkList(c: Ctx) {
  const out: Record<string, unknown> = {};
  for (const { alias, q } of bulkItems(await readJson(c))) {
    const page = await withSignedFiles(
      c,
      await unwrap(
        data(c).read({ op: "list", table: tableId(c), params: readListParams(q), scope: scope(c), linkCounts: true }),
      ),
    );
    out[alias] = { list: page.list, pageInfo: v2PageInfo(page.pageInfo, q.get("offset")) };
  }
  return c.json(out, 201);
}

/** Groups of a field's values with their counts, each under its alias (`dbDataTableBulkGroupList`): `groupBy` reads. */
async function bulkGroup(c: Ctx) {
  const out: Record<string, unknown> = {};
  for (const { alias, q, item } of bulkItems(await readJson(c))) {
    const column = item.column_name;
    if (typeof column !== "string" || !column) throw badRequest(`${alias}: column_name is required`);
    const groups = await unwrap(
      data(c).read({ op: "groupBy", table: tableId(c), column, params: readListParams(q), scope: scope(c) }),
    );
    // v1's groupby keys the value by the field's column name; NocoDB v2 by the name the client gave.
    const list = (groups.list as Array<Record<string, unknown>>).map(({ count, ...value }) => ({
      count,
      [column]: Object.values(value)[0] ?? null,
    }));
    out[alias] = { list, pageInfo: v2PageInfo(groups.pageInfo, q.get("offset")) };
  }
  return c.json(out, 201);
}

/** The records linked to one record through a link field (nocodb-sdk `nestedList`). */
async function linked(c: Ctx) {
  const { linkFieldId, recordId } = c.req.param() as Record<string, string>;
  const page = await withSignedFiles(
    c,
    await unwrap(
      data(c).read({
        op: "nested",
        table: tableId(c),
        rowId: recordId!,
        column: linkFieldId!,
        params: readListParams(query(c)),
        linked: true,
      }),
    ),
  );
  return c.json({ list: page.list, pageInfo: v2PageInfo(page.pageInfo, c.req.query("offset")) });
}

/** The related records' ids of a link body: `[{Id}]`, `{Id}`, or bare ids. */
async function refIds(c: Ctx): Promise<string[]> {
  const value = await readJson(c);
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) throw badRequest("Request body names no record to link");
  if (items.length > MAX_LINKS) throw badRequest(`A link request names at most ${MAX_LINKS} records`);
  return items.map((item, i) => {
    const id = item && typeof item === "object" ? (item as Record<string, unknown>).Id : item;
    if (typeof id !== "number" && typeof id !== "string") throw badRequest(`Record ${i + 1}: Id is missing`);
    return String(id);
  });
}

/**
 * Links or unlinks the named records in one room change (all or nothing: a missing record is a
 * 404 naming it, and nothing is linked). NocoDB's v2 answers `true` and takes a link that is
 * already there (or an unlink already gone) as done.
 */
async function setLinks(c: Ctx, add: boolean) {
  const { linkFieldId, recordId } = c.req.param() as Record<string, string>;
  const refRowIds = await refIds(c);
  await unwrap(
    data(c).write(
      { op: "links", table: tableId(c), rowId: recordId!, column: linkFieldId!, refRowIds, add },
      actorOf(c),
    ),
  );
  return c.json(true, add ? 201 : 200);
}

const T = "/:tableId";
const L = "/:tableId/links/:linkFieldId/records/:recordId";

/** Mounted at `/api/v2/tables`. Literal `count` is registered before `:recordId`. */
export const v2Records = new Hono<AppEnv>()
  .use("*", v2Errors)
  .get(`${T}/records`, needInRoom("dataList"), list)
  .get(`${T}/records/count`, needInRoom("dataCount"), count)
  .get(`${T}/records/:recordId`, needInRoom("dataRead"), readOne)
  .post(`${T}/records`, needInRoom("dataInsert"), body(records), create)
  .patch(`${T}/records`, needInRoom("dataUpdate"), body(keyed), update)
  .delete(`${T}/records`, needInRoom("dataDelete"), body(keyed), remove)
  .get(`${T}/aggregate`, needInRoom("dataList"), aggregate)
  .get(L, needInRoom("nestedList"), linked)
  // One room change, whatever the number of records: the one-hop gate settles it.
  .post(L, needInRoom("nestedAdd"), body(keyed), (c) => setLinks(c, true))
  .delete(L, needInRoom("nestedRemove"), body(keyed), (c) => setLinks(c, false))
  // Several room reads: the full check first.
  .post(`${T}/bulk/dataList`, need("dataList"), body(z.array(record)), bulkList)
  .post(`${T}/bulk/group`, need("dataList"), body(z.array(record)), bulkGroup)
  .post(`${T}/bulk/aggregate`, need("dataList"), body(z.array(record)), bulkAggregate);
