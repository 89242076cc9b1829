import { Hono } from "hono";
import { readListParams } from "../../../db/query";
import { rowsOf } from "../../../db/rows/api";
import type { RowScope } from "../../../db/views/scope";
import { badRequest } from "../../lib/http-error";
import { footerSpec, footerValues, parseFooterItems, type FooterItem } from "../../../db/views/footer";
import { unwrap } from "../../lib/room";
import { needInRoom } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { readJson } from "../../lib/validate";
import { actorOf, data, type Ctx } from "./context";
import { withSignedFiles } from "../../lib/attachments/sign-answer";
import { withSignedUploads } from "../../lib/attachments/sign-export";
import { callerOf } from "../../lib/caller";
import { siteUrl } from "../../lib/site-url";
import { notifyFormOwner } from "./form-mail";

const table = (c: Ctx) => c.req.param("tableName")!;
const rowId = (c: Ctx) => c.req.param("rowId")!;

async function arrayBody(c: Ctx): Promise<unknown[]> {
  return rowsOf((await readJson(c)) as unknown[]);
}

const listParams = (c: Ctx) => readListParams(new URL(c.req.url).searchParams);

/** The view of `/views/:viewName` routes and the JSON extras (contract 1.6), applied in the room. */
const scope = (c: Ctx): RowScope => ({
  view: c.req.param("viewName"),
  caller: callerOf(c),
  filterArrJson: c.req.query("filterArrJson"),
  sortArrJson: c.req.query("sortArrJson"),
});

async function list(c: Ctx) {
  const started = Date.now();
  const page = await withSignedFiles(
    c,
    await unwrap(data(c).read({ op: "list", table: table(c), params: listParams(c), scope: scope(c) })),
  );
  c.header("xc-db-response", String((Date.now() - started) / 1000));
  return c.json(page);
}

async function count(c: Ctx) {
  return c.json(
    await unwrap(data(c).read({ op: "count", table: table(c), where: listParams(c).where, scope: scope(c) })),
  );
}

async function groupBy(c: Ctx) {
  const column = c.req.query("column_name");
  if (!column) throw badRequest("column_name is required");
  // Issue 37: a date column grouped by its day, month or year.
  const bucket = c.req.query("bucket") || undefined;
  if (bucket !== undefined && bucket !== "day" && bucket !== "month" && bucket !== "year")
    throw badRequest("bucket must be one of day, month, year");
  // Issue 37: the footer's aggregates per group, answered as each group's `aggregates`.
  const aggregations = footerItems(c, false);
  return c.json(
    await unwrap(
      data(c).read({
        op: "groupBy",
        table: table(c),
        column,
        params: listParams(c),
        scope: scope(c),
        bucket,
        aggregations: aggregations.length ? aggregations : undefined,
      }),
    ),
  );
}

/** `aggregations=Amount:sum,Status:count_unique` as footer items (a 400 naming a bad one). */
function footerItems(c: Ctx, required: boolean): FooterItem[] {
  let items: FooterItem[];
  try {
    items = parseFooterItems(c.req.query("aggregations"));
  } catch (err) {
    throw badRequest((err as Error).message);
  }
  if (required && !items.length) throw badRequest("aggregations is required, e.g. Amount:sum,Status:count_unique");
  return items;
}

/**
 * The grid footer's aggregates (issue 38): `aggregations=Amount:sum,Status:count_unique` over the
 * rows the view's filters, `where` and `filterArrJson` keep, as the caller reads them; one statement.
 * Answers `{ list: [{ column, type, value }] }` in the order asked.
 */
async function aggregate(c: Ctx) {
  const items = footerItems(c, true);
  const answer = await unwrap(
    data(c).read({
      op: "aggregate",
      table: table(c),
      spec: footerSpec(items),
      where: listParams(c).where,
      scope: scope(c),
    }),
  );
  return c.json({ list: footerValues(items, answer.rows) });
}

/** One batch of CSV; the client asks again from `nc-export-offset` until it reads -1 (contract 5.4). */
async function exportCsv(c: Ctx) {
  const params = listParams(c);
  const started = Date.now();
  const batch = await unwrap(
    data(c).read({ op: "export", table: table(c), params, scope: scope(c), origin: siteUrl(c) }),
  );
  return c.body(await withSignedUploads(c, c.get("project").id, batch), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${encodeURIComponent(batch.title)}-export.csv"`,
    "nc-export-offset": String(batch.next),
    "nc-export-elapsed-time": String(Date.now() - started),
    "access-control-expose-headers": "nc-export-offset, nc-export-elapsed-time, content-disposition",
  });
}

/** Records linked to a row (or, for the picker, not yet linked), contract 5.2. */
async function nested(c: Ctx, linked: boolean) {
  const { relationType, columnName } = c.req.param() as Record<string, string>;
  if (!["hm", "mm", "bt"].includes(relationType!))
    throw badRequest(`'${relationType}' is not a relation type (hm, mm or bt)`);
  return c.json(
    await withSignedFiles(
      c,
      await unwrap(
        data(c).read({
          op: "nested",
          table: table(c),
          rowId: rowId(c),
          column: columnName!,
          params: listParams(c),
          linked,
        }),
      ),
    ),
  );
}

async function link(c: Ctx, add: boolean) {
  const { columnName, refRowId } = c.req.param() as Record<string, string>;
  const { msg } = await unwrap(
    data(c).write(
      { op: "link", table: table(c), rowId: rowId(c), column: columnName!, refRowId: refRowId!, add },
      actorOf(c),
    ),
  );
  return c.json({ msg });
}

/** Rows in groups of a SingleSelect field's options, each paged apart (contract 5.1 `group`, the kanban). */
async function grouped(c: Ctx) {
  const params = listParams(c);
  const given = new URL(c.req.url).searchParams;
  if (!given.has("limit")) params.limit = 25;
  // Signed like every other row read: a kanban card's cover is an <img> that cannot send a token (#33.7).
  return c.json(
    await withSignedFiles(
      c,
      await unwrap(
        data(c).read({
          op: "grouped",
          table: table(c),
          columnId: c.req.param("columnId")!,
          params,
          scope: scope(c),
          optionsArrJson: c.req.query("optionsArrJson"),
        }),
      ),
    ),
  );
}

/**
 * A timeline view's records whose bars overlap the days `from`..`to`, or with `unscheduled=true`
 * those without a start (issue 37); paged like a list (up to 1000 a page).
 */
async function timeline(c: Ctx) {
  const params = listParams(c);
  return c.json(
    await withSignedFiles(
      c,
      await unwrap(
        data(c).read({
          op: "timeline",
          table: table(c),
          view: c.req.param("viewName")!,
          from: c.req.query("from") ?? "",
          to: c.req.query("to") ?? "",
          unscheduled: c.req.query("unscheduled") === "true",
          params,
          scope: scope(c),
        }),
      ),
    ),
  );
}

/** A record through a view: a form view keeps its fields and required rules, and may e-mail its creator. */
async function insertThroughView(c: Ctx) {
  const { row, notify } = await unwrap(
    data(c).write(
      { op: "formSubmit", table: table(c), view: c.req.param("viewName")!, body: await readJson(c) },
      actorOf(c),
    ),
  );
  if (notify) await notifyFormOwner(c, notify);
  return c.json(row);
}

/** `fields` on one record (contract 5.1): the named fields only, as a list of records gives them. */
function onlyFields(c: Ctx, row: Record<string, unknown>) {
  const asked = listParams(c)
    .fields?.map((f) => f.trim())
    .filter(Boolean);
  if (!asked?.length || asked.includes("*")) return row;
  for (const title of asked)
    if (!Object.hasOwn(row, title)) throw badRequest(`fields: '${title}' is not a field of this table`);
  return Object.fromEntries(asked.map((title) => [title, row[title]]));
}

async function findOne(c: Ctx) {
  return c.json(
    await withSignedFiles(
      c,
      await unwrap(data(c).read({ op: "find", table: table(c), params: listParams(c), scope: scope(c) })),
    ),
  );
}

/**
 * Single-row routes and bulk routes (contract 5.1, 5.3) below `/{orgs}/{projectName}/{tableName}`.
 * Literal segments are registered before `:rowId`, so `count` or `find-one` never read as a row id.
 */
export const rowRoutes = new Hono<AppEnv>()
  .get("/:orgs/:projectName/:tableName", needInRoom("dataList"), list)
  .get("/:orgs/:projectName/:tableName/views/:viewName", needInRoom("dataList"), list)
  .get("/:orgs/:projectName/:tableName/count", needInRoom("dataCount"), count)
  .get("/:orgs/:projectName/:tableName/views/:viewName/count", needInRoom("dataCount"), count)
  .get("/:orgs/:projectName/:tableName/groupby", needInRoom("dataList"), groupBy)
  .get("/:orgs/:projectName/:tableName/aggregate", needInRoom("dataList"), aggregate)
  .get("/:orgs/:projectName/:tableName/views/:viewName/aggregate", needInRoom("dataList"), aggregate)
  .get("/:orgs/:projectName/:tableName/views/:viewName/groupby", needInRoom("dataList"), groupBy)
  .get("/:orgs/:projectName/:tableName/export/csv", needInRoom("dataExport"), exportCsv)
  .get("/:orgs/:projectName/:tableName/views/:viewName/export/csv", needInRoom("dataExport"), exportCsv)
  .get("/:orgs/:projectName/:tableName/find-one", needInRoom("dataRead"), findOne)
  .get("/:orgs/:projectName/:tableName/views/:viewName/find-one", needInRoom("dataRead"), findOne)
  .get("/:orgs/:projectName/:tableName/group/:columnId", needInRoom("dataList"), grouped)
  .get("/:orgs/:projectName/:tableName/views/:viewName/group/:columnId", needInRoom("dataList"), grouped)
  .get("/:orgs/:projectName/:tableName/views/:viewName/timeline", needInRoom("dataList"), timeline)
  .post("/:orgs/:projectName/:tableName/views/:viewName", needInRoom("dataInsert"), insertThroughView)
  .post("/:orgs/:projectName/:tableName", needInRoom("dataInsert"), async (c) =>
    c.json(
      await withSignedFiles(
        c,
        await unwrap(data(c).write({ op: "insert", table: table(c), body: await readJson(c) }, actorOf(c))),
      ),
    ),
  )
  .get("/:orgs/:projectName/:tableName/:rowId/:relationType/:columnName/exclude", needInRoom("nestedList"), (c) =>
    nested(c, false),
  )
  .get("/:orgs/:projectName/:tableName/:rowId/:relationType/:columnName", needInRoom("nestedList"), (c) =>
    nested(c, true),
  )
  .post("/:orgs/:projectName/:tableName/:rowId/:relationType/:columnName/:refRowId", needInRoom("nestedAdd"), (c) =>
    link(c, true),
  )
  .delete(
    "/:orgs/:projectName/:tableName/:rowId/:relationType/:columnName/:refRowId",
    needInRoom("nestedRemove"),
    (c) => link(c, false),
  )
  .get("/:orgs/:projectName/:tableName/:rowId/exist", needInRoom("dataRead"), async (c) =>
    c.json(await unwrap(data(c).read({ op: "exists", table: table(c), rowId: rowId(c) }))),
  )
  .get("/:orgs/:projectName/:tableName/:rowId", needInRoom("dataRead"), async (c) =>
    c.json(
      await withSignedFiles(
        c,
        onlyFields(c, await unwrap(data(c).read({ op: "one", table: table(c), rowId: rowId(c) }))),
      ),
    ),
  )
  .patch("/:orgs/:projectName/:tableName/:rowId", needInRoom("dataUpdate"), async (c) =>
    c.json(
      await withSignedFiles(
        c,
        await unwrap(
          data(c).write({ op: "update", table: table(c), rowId: rowId(c), body: await readJson(c) }, actorOf(c)),
        ),
      ),
    ),
  )
  .delete("/:orgs/:projectName/:tableName/:rowId", needInRoom("dataDelete"), async (c) =>
    c.json(await unwrap(data(c).write({ op: "delete", table: table(c), rowId: rowId(c) }, actorOf(c)))),
  );

export const bulkRoutes = new Hono<AppEnv>()
  .patch("/:orgs/:projectName/:tableName/all", needInRoom("dataUpdate"), async (c) =>
    c.json(
      await unwrap(
        data(c).write(
          { op: "updateWhere", table: table(c), where: listParams(c).where, body: await readJson(c) },
          actorOf(c),
        ),
      ),
    ),
  )
  .delete("/:orgs/:projectName/:tableName/all", needInRoom("dataDelete"), async (c) =>
    c.json(await unwrap(data(c).write({ op: "deleteWhere", table: table(c), where: listParams(c).where }, actorOf(c)))),
  )
  .post("/:orgs/:projectName/:tableName", needInRoom("dataInsert"), async (c) =>
    // Forwarded as text: the project room parses and validates it (rowsOf).
    c.json(await unwrap(data(c).write({ op: "insertMany", table: table(c), bodies: await c.req.text() }, actorOf(c)))),
  )
  .patch("/:orgs/:projectName/:tableName", needInRoom("dataUpdate"), async (c) =>
    c.json(await unwrap(data(c).write({ op: "updateMany", table: table(c), bodies: await arrayBody(c) }, actorOf(c)))),
  )
  .delete("/:orgs/:projectName/:tableName", needInRoom("dataDelete"), async (c) =>
    c.json(await unwrap(data(c).write({ op: "deleteMany", table: table(c), bodies: await arrayBody(c) }, actorOf(c)))),
  );
