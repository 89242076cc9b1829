import { signFormImages } from "../../../lib/attachments/sign-form-images";
import { readOptions } from "../../../../db/fields/column-options";
import { LinkToAnotherRecordField } from "../../../../db/fields/LinkToAnotherRecord";
import { projectRoom, unwrap } from "../../../lib/room";
import { sharedViewJson } from "../../share/routes";
import type { Ctx } from "../../data/context";
import type { Shared } from "./access";
import { VISITOR, type Reader } from "../../../../db/access/reader";
import { isLink } from "../../../../db/fields/registry";

type Column = {
  id: string;
  title: string;
  uidt: string;
  pk?: boolean;
  pv?: boolean;
  rqd?: boolean;
  cdf?: unknown;
  ai?: boolean;
  colOptions?: Record<string, unknown> | null;
} & Record<string, unknown>;
type ViewColumn = { fk_column_id: string; show: boolean } & Record<string, unknown>;
type Table = { id: string; columns: Column[] } & Record<string, unknown>;

/** A link column's options (stored as JSON text or an object). */
export function linkOptions(c: Column): { type?: string; fk_related_model_id?: string } | null {
  if (!isLink(c.uidt)) return null;
  const o = readOptions(LinkToAnotherRecordField, { colOptions: c.colOptions });
  return o.ok ? o.value : null;
}

/**
 * The shared-view meta (contract 6): the view (no password), its sub-view settings, its columns,
 * the table with only what a visitor may see (shown columns, PKs, required ones without a default),
 * saved filters and sorts, and the tables reachable through shown links.
 */
export async function buildMeta(c: Ctx, s: Shared) {
  const room = projectRoom(c.env, s.projectId);
  const pid = s.projectId;
  const [table, allFilters, allSorts] = await Promise.all([
    unwrap(room.schema({ op: "readTable", projectId: pid, tableId: s.tableId, reader: readerOf(s) })) as Promise<Table>,
    unwrap(room.views({ op: "listFilters", projectId: pid, viewId: s.view.id })),
    unwrap(room.views({ op: "listSorts", projectId: pid, viewId: s.view.id })),
  ]);
  let sub: Record<string, unknown> = (s.view.view ?? {}) as Record<string, unknown>;
  let columns: ViewColumn[];
  if (s.kind === "form") {
    const form = (await unwrap(room.views({ op: "readForm", projectId: pid, viewId: s.view.id }))) as {
      columns: ViewColumn[];
    } & Record<string, unknown>;
    ({ columns, ...sub } = await signFormImages(c, form));
    sub.record_template = await shownTemplate(c, s, columns);
  } else {
    columns = (await unwrap(room.views({ op: "listViewColumns", projectId: pid, viewId: s.view.id }))) as ViewColumn[];
    if (s.kind === "gallery")
      sub = (await unwrap(room.views({ op: "readGallery", projectId: pid, viewId: s.view.id }))) as Record<
        string,
        unknown
      >;
    if (s.kind === "kanban")
      sub = (await unwrap(room.views({ op: "readKanban", projectId: pid, viewId: s.view.id }))) as Record<
        string,
        unknown
      >;
    if (s.kind === "timeline")
      sub = (await unwrap(room.views({ op: "readTimeline", projectId: pid, viewId: s.view.id }))) as Record<
        string,
        unknown
      >;
    // A calendar's date fields, without its iCal feed's state: the feed is the builder's.
    if (s.kind === "calendar") {
      const { ical_feed: _feed, ...settings } = (await unwrap(
        room.views({ op: "readCalendar", projectId: pid, viewId: s.view.id }),
      )) as Record<string, unknown>;
      sub = settings;
    }
  }
  const placed = placedIds(s);
  const byColumn = new Map(columns.map((vc) => [vc.fk_column_id, vc]));
  const kept = table.columns.flatMap((col) => {
    const vc = byColumn.get(col.id);
    // A required field without a default is a form's question even when not shown; a grid has none.
    const required = s.kind === "form" && col.rqd && (col.cdf === null || col.cdf === undefined) && !col.ai;
    const visible = vc?.show || col.pk || col.pv || required || placed.has(col.id);
    if (!visible) return [];
    const { id: _ignored, ...viewOnly } = vc ?? ({} as ViewColumn);
    // The place is the view's (the form builder's question order, a grid's column order), not the table's.
    return [{ ...viewOnly, ...col, show: Boolean(vc?.show), ...(vc ? { order: vc.order } : {}) }];
  });
  // Only what the visitor sees is described (issue #32, N8): the view's column settings, saved
  // filters and sorts of a hidden field are left out (those filters and sorts still apply).
  const known = new Set(kept.map((col) => col.id));
  const shownSettings = columns.filter((x) => known.has(x.fk_column_id));
  const filters = withoutHidden(allFilters as FilterItem[], known);
  const sorts = (allSorts as Array<{ fk_column_id?: string }>).filter((x) => known.has(x.fk_column_id ?? ""));
  const related = [
    ...new Set(
      kept
        .flatMap((col) => (vc(byColumn, col) ? [linkOptions(col)?.fk_related_model_id] : []))
        .filter((x): x is string => Boolean(x)),
    ),
  ];
  const relatedMetas = Object.fromEntries(
    await Promise.all(
      related.map(
        async (id) =>
          [id, await unwrap(room.schema({ op: "readTable", projectId: pid, tableId: id, reader: VISITOR }))] as const,
      ),
    ),
  );
  const { password: _never, password_protected: _p, ...viewJson } = sharedViewJson(s.view, s.share);
  return {
    ...viewJson,
    client: "sqlite3",
    base_id: `ds_${pid.slice(2)}`,
    view: sub,
    columns: shownSettings,
    model: { ...table, columns: kept, columnsById: Object.fromEntries(kept.map((col) => [col.id, col])) },
    filter: { is_group: true, logical_op: "and", children: filters },
    sorts,
    relatedMetas,
  };
}

/**
 * A form's record template (issue 37) as its visitor starts from it: the values of the questions
 * it shows, by column id. A hidden field's value is never sent: the server sets it on submit.
 */
async function shownTemplate(c: Ctx, s: Shared, columns: ViewColumn[]): Promise<Record<string, unknown>> {
  const room = projectRoom(c.env, s.projectId);
  const { values } = (await unwrap(room.views({ op: "readRecordTemplate", viewId: s.view.id, reader: null }))) as {
    values: Record<string, unknown>;
  };
  const shown = new Set(columns.filter((x) => x.show).map((x) => x.fk_column_id));
  return Object.fromEntries(Object.entries(values).filter(([id]) => shown.has(id)));
}

/**
 * Who a visitor reads as (db/access): the viewer role without an identity (VISITOR), except on a
 * form, which shows no records: it asks for the fields its builder chose, even one hidden from
 * viewers (the visitor never reads what is stored there), so a form's meta is the whole table.
 */
const readerOf = (s: Shared): Reader | null => (s.kind === "form" ? null : VISITOR);

type FilterItem = { fk_column_id?: string | null; children?: FilterItem[] } & Record<string, unknown>;
function withoutHidden(items: FilterItem[], known: Set<string>): FilterItem[] {
  return items.flatMap((f) => {
    if (f.fk_column_id && !known.has(f.fk_column_id)) return [];
    return [f.children ? { ...f, children: withoutHidden(f.children, known) } : f];
  });
}

const vc = (byColumn: Map<string, ViewColumn>, col: Column) => Boolean(byColumn.get(col.id)?.show);

/** The columns of the view that a visitor sees, by id (form submission and link pickers check against it). */
export async function shownColumns(c: Ctx, s: Shared): Promise<Column[]> {
  const room = projectRoom(c.env, s.projectId);
  const [table, vcs] = await Promise.all([
    unwrap(
      room.schema({ op: "readTable", projectId: s.projectId, tableId: s.tableId, reader: readerOf(s) }),
    ) as Promise<Table>,
    unwrap(room.views({ op: "listViewColumns", projectId: s.projectId, viewId: s.view.id })),
  ]);
  const shown = new Set((vcs as ViewColumn[]).filter((x) => x.show).map((x) => x.fk_column_id));
  const placed = placedIds(s);
  return table.columns.filter((col) => shown.has(col.id) || col.pv || col.pk || placed.has(col.id));
}

/**
 * A calendar's date fields (a timeline's start, end, duration and lanes): its visitor sees them, shown or not, as where each record sits, and
 * names them in the visible month's range filter (the view's list item carries its settings).
 */
function placedIds(s: Shared): Set<string> {
  if (s.kind === "timeline") {
    const t = s.view.view as Partial<Record<string, string | null>> | undefined;
    return new Set(
      [t?.fk_start_column_id, t?.fk_end_column_id, t?.fk_duration_column_id, t?.fk_group_column_id].filter(
        (x): x is string => !!x,
      ),
    );
  }
  if (s.kind !== "calendar") return new Set();
  const ranges = (
    s.view.view as { calendar_range?: Array<{ fk_from_column_id: string; fk_to_column_id?: string | null }> }
  )?.calendar_range;
  return new Set((ranges ?? []).flatMap((r) => [r.fk_from_column_id, r.fk_to_column_id ?? ""]).filter(Boolean));
}
