import { Hono } from "hono";
import { withSignedFiles } from "../../../lib/attachments/sign-answer";
import { withSignedUploads } from "../../../lib/attachments/sign-export";
import { HttpError, badRequest } from "../../../lib/http-error";
import { readTurnstile } from "../../../lib/integrations";
import { csvToXlsx } from "../../../lib/xlsx-export";
import { siteUrl } from "../../../lib/site-url";
import { projectRoom, unwrap } from "../../../lib/room";
import { VISITOR } from "../../../../db/access/reader";
import { parseFooterItems, type FooterItem } from "../../../../db/views/footer";
import { need } from "../../../middleware/acl";
import type { AppEnv } from "../../../types";
import { dataAs, type Ctx } from "../../data/context";
import { ROW_KINDS, openShared, type Shared } from "./access";
import { cachedMeta } from "./cache";
import { buildMeta, linkOptions, shownColumns } from "./meta";
import { formStartToken, minFillSeconds } from "./gate";
import { submitShared } from "./submit";
import { checkTitles, rawParams, shownNames, visitorParams, type Shown } from "./visitor-params";

/**
 * Every read of a visitor runs as the project's viewer role without an identity (VISITOR): fields
 * hidden from viewers are left out and the viewer's row rules apply (db/access).
 */
const data = (s: Shared, c: Ctx) => dataAs(c, s.projectId, () => VISITOR);
/** Reads always go through the shared view: its filters, sorts and shown fields apply. */
const scope = (c: Ctx, s: Shared) => ({
  view: s.view.id,
  filterArrJson: c.req.query("filterArrJson"),
  sortArrJson: c.req.query("sortArrJson"),
});

/**
 * A shared grid's per-group aggregates (issue 37): `aggregations=Amount:sum,...` as the builder's
 * group-by takes them, on fields the visitor sees only (by title or id; asked by title so the
 * answer never names a field by its id); a hidden field is refused like any other parameter.
 */
function sharedAggregations(c: Ctx, cols: Array<{ id: string; title: string }>): FooterItem[] {
  let items: FooterItem[];
  try {
    items = parseFooterItems(c.req.query("aggregations"));
  } catch (err) {
    throw badRequest((err as Error).message);
  }
  return items.map((item) => {
    const col = cols.find((x) => x.id === item.column || x.title === item.column);
    if (!col) throw badRequest(`'${item.column}' is not a field of this shared view`);
    return { ...item, column: col.title };
  });
}

/** A link column shown in the view, or the contract's 400. */
async function shownLink(c: Ctx, s: Shared) {
  const col = (await shownColumns(c, s)).find(
    (x) => x.id === c.req.param("columnId") || x.title === c.req.param("columnId"),
  );
  const link = col && linkOptions(col);
  if (!col || !link) throw badRequest("Column doesn't belongs to the model");
  return { col, link };
}

/**
 * Public shared-view routes (contract 6), no login. Each opens the share first (openShared):
 * unknown uuid or a type the route does not serve is 404 `Not found`, a wrong password 403
 * `INVALID_SHARED_VIEW_PASSWORD`; nothing else of the project is reachable from here.
 */
export const publicSharedView = new Hono<AppEnv>()
  .get("/shared-view/:uuid/meta", need("public"), async (c) => {
    const s = await openShared(c, "all");
    // A form's meta carries a fresh start token (gate.ts) and the Turnstile site key when set.
    const fresh =
      s.kind === "form"
        ? async () => ({
            form_start: await formStartToken(c.env, s.share.uuid!),
            // The page waits this long after it opened before sending (gate.ts refuses sooner).
            form_min_fill_seconds: minFillSeconds(s),
            turnstile_site_key: (await readTurnstile(c.env))?.siteKey ?? null,
          })
        : undefined;
    return cachedMeta(c, s, () => buildMeta(c, s), fresh);
  })
  .get("/shared-view/:uuid/rows/export/:kind", need("public"), async (c) => {
    const s = await openShared(c, ROW_KINDS);
    const kind = c.req.param("kind");
    if (kind !== "csv" && kind !== "excel") throw badRequest("Export is csv or excel");
    const meta = JSON.parse(s.share.meta) as { allowCSVDownload?: boolean };
    if (!meta.allowCSVDownload) throw new HttpError(403, "Download is not allowed for this shared view");
    const batch = await unwrap(
      data(s, c).read({
        op: "export",
        table: s.tableId,
        params: await visitorParams(c, s),
        scope: scope(c, s),
        origin: siteUrl(c),
      }),
    );
    const csv = await withSignedUploads(c, s.projectId, batch);
    const name = encodeURIComponent(batch.title);
    const common = {
      "nc-export-offset": String(batch.next),
      "access-control-expose-headers": "nc-export-offset, content-disposition",
    };
    if (kind === "excel") {
      return c.body(csvToXlsx(csv, batch.title, batch.columns), 200, {
        ...common,
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "content-disposition": `attachment; filename="${name}-export.xlsx"`,
      });
    }
    return c.body(csv, 200, {
      ...common,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}-export.csv"`,
    });
  })
  .get("/shared-view/:uuid/rows", need("public"), async (c) => {
    const s = await openShared(c, ROW_KINDS);
    return c.json(
      await withSignedFiles(
        c,
        await unwrap(
          data(s, c).read({ op: "list", table: s.tableId, params: await visitorParams(c, s), scope: scope(c, s) }),
        ),
      ),
    );
  })
  /** A shared timeline's bars overlapping from..to, or its unscheduled records (issue 37), read-only. */
  .get("/shared-view/:uuid/timeline", need("public"), async (c) => {
    const s = await openShared(c, ["timeline"]);
    return c.json(
      await withSignedFiles(
        c,
        await unwrap(
          data(s, c).read({
            op: "timeline",
            table: s.tableId,
            view: s.view.id,
            from: c.req.query("from") ?? "",
            to: c.req.query("to") ?? "",
            unscheduled: c.req.query("unscheduled") === "true",
            params: await visitorParams(c, s),
            scope: scope(c, s),
          }),
        ),
      ),
    );
  })
  /**
   * A shared grid's groups (issue 37): counts per value of a shown field (by its title or id), or
   * a shown date's day, month or year; a hidden field is refused as in every other parameter.
   */
  .get("/shared-view/:uuid/groupby", need("public"), async (c) => {
    const s = await openShared(c, ["grid"]);
    const shown = await shownNames(c, s);
    const params = await visitorParams(c, s, shown);
    const name = c.req.query("column_name") ?? "";
    if (!name) throw badRequest("column_name is required");
    const shownCols = await shownColumns(c, s);
    const col = shownCols.find((x) => x.id === name || x.title === name);
    if (!col) throw badRequest(`'${name}' is not a field of this shared view`);
    const bucket = c.req.query("bucket") || undefined;
    if (bucket !== undefined && bucket !== "day" && bucket !== "month" && bucket !== "year")
      throw badRequest("bucket must be one of day, month, year");
    const aggregations = sharedAggregations(c, shownCols);
    if (!new URL(c.req.url).searchParams.has("limit")) params.limit = 25;
    return c.json(
      await unwrap(
        data(s, c).read({
          op: "groupBy",
          table: s.tableId,
          column: col.title,
          params,
          scope: scope(c, s),
          bucket,
          aggregations: aggregations.length ? aggregations : undefined,
        }),
      ),
    );
  })
  .get("/shared-view/:uuid/group/:columnId", need("public"), async (c) => {
    const s = await openShared(c, ROW_KINDS);
    const shown = await shownNames(c, s);
    const params = await visitorParams(c, s, shown);
    await checkGroupColumn(c, s, shown, c.req.param("columnId"));
    if (!new URL(c.req.url).searchParams.has("limit")) params.limit = 25;
    const groups = await unwrap(
      data(s, c).read({
        op: "grouped",
        table: s.tableId,
        columnId: c.req.param("columnId"),
        params,
        scope: scope(c, s),
        optionsArrJson: c.req.query("optionsArrJson"),
      }),
    );
    return c.json(await withSignedFiles(c, groups));
  })
  .post("/shared-view/:uuid/rows", need("public"), async (c) => submitShared(c, await openShared(c, ["form"])))
  .get("/shared-view/:uuid/nested/:columnId", need("public"), async (c) => {
    const s = await openShared(c, ["form", "gallery"]);
    const { link } = await shownLink(c, s);
    const related = (await unwrap(
      projectRoom(c.env, s.projectId).schema({
        op: "readTable",
        projectId: s.projectId,
        tableId: link.fk_related_model_id!,
        reader: VISITOR,
      }),
    )) as {
      columns: Array<{ title: string; pk?: boolean; pv?: boolean }>;
    };
    const fields = related.columns.filter((x) => x.pk || x.pv).map((x) => x.title);
    const display = related.columns.find((x) => x.pv)?.title;
    // The picker searches the display value only: `(<display>,like,<text>)`, nothing else.
    const { where, ...rest } = rawParams(c);
    // Sorted by the key or the display value only: the picker shows nothing else of the records.
    checkTitles(rest.sort, { titles: new Set(fields), ids: new Set() }, true);
    let search: string | undefined;
    if (where) {
      const m = /^\((.+?),(like|eq),(.*)\)$/.exec(where);
      if (!m || m[1] !== display || /[()~]/.test(m[3]!))
        throw badRequest("Only a search of the display value is allowed here");
      search = where;
    }
    const params = { ...rest, fields, ...(search ? { where: search } : {}) };
    // A scope without a caller: the visitor has no account, so no member's e-mail comes back.
    return c.json(await unwrap(data(s, c).read({ op: "list", table: link.fk_related_model_id!, params, scope: {} })));
  })
  .get("/shared-view/:uuid/rows/:rowId/:relation/:columnId", need("public"), async (c) => {
    const s = await openShared(c, ROW_KINDS);
    const relation = c.req.param("relation");
    if (relation !== "mm" && relation !== "hm") throw badRequest(`'${relation}' is not a relation type (hm or mm)`);
    const { col } = await shownLink(c, s);
    // The row must be one the view shows (its filters apply), not any row of the table.
    const rowId = c.req.param("rowId");
    // The id goes into a where text: one that could close the term and add another is no row.
    if (/[(),~]/.test(rowId)) throw new HttpError(404, "Not found");
    const inView = await unwrap(
      data(s, c).read({
        op: "list",
        table: s.tableId,
        params: { limit: 1, offset: 0, where: `(${pkTitle(await shownColumns(c, s))},eq,${rowId})` },
        scope: scope(c, s),
      }),
    );
    if (!(inView as { list: unknown[] }).list.length) throw new HttpError(404, "Not found");
    return c.json(
      await withSignedFiles(
        c,
        await unwrap(
          data(s, c).read({
            op: "nested",
            table: s.tableId,
            rowId,
            column: col.id,
            params: { ...rawParams(c), where: undefined },
            linked: true,
          }),
        ),
      ),
    );
  });

/**
 * Groups are counted per value, so a visitor may group by a shown field only, or by the stack field
 * the builder chose for a kanban.
 */
async function checkGroupColumn(c: Ctx, s: Shared, shown: Shown, columnId: string) {
  if (shown.ids.has(columnId)) return;
  const stack =
    s.kind === "kanban"
      ? ((await unwrap(
          projectRoom(c.env, s.projectId).views({ op: "readKanban", projectId: s.projectId, viewId: s.view.id }),
        )) as {
          fk_grp_col_id?: string | null;
        })
      : null;
  if (!stack?.fk_grp_col_id || stack.fk_grp_col_id !== columnId)
    throw badRequest(`'${columnId}' is not a field of this shared view`);
}

const pkTitle = (cols: Array<{ title: string; pk?: boolean }>) => cols.find((x) => x.pk)?.title ?? "id";
