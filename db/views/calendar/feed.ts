import { missing } from "../../errors";
import { fieldType } from "../../fields/registry";
import { compileList, type WhereNode } from "../../query";
import { apiRow, queryTable } from "../../rows/read";
import { tableRef } from "../../rows/table-ref";
import type { ViewRow } from "../../store/schema";
import type { ProjectStore } from "../../store/store";
import { tableColumns } from "../lookup";
import { scopeParams } from "../scope";
import { readSub, viewOfType, writeSub } from "../sub-meta";
import { icsCalendar, type FeedEvent } from "./ical";

/** A calendar view's date range: its start field and, for records spanning days, its end field. */
export type CalendarRange = { fk_from_column_id: string; fk_to_column_id: string | null };

/**
 * The iCal subscription feed of a calendar view. Rules:
 * - the feed's secret is made and hashed by the Worker; the view keeps only the SHA-256 hash
 *   (hex) and when it was made, under `ical_feed` of its settings, never answered by any route;
 * - making it again replaces the hash (the old address stops working); revoking removes it;
 * - the feed holds the records the view shows (its saved filters apply) whose dates overlap the
 *   window of FEED_BEFORE_DAYS before to FEED_AFTER_DAYS after now, at most FEED_MAX events,
 *   earliest first; all-day when the start field is a date, timed when it is a date and time.
 */
export const FEED_KEY = "ical_feed";
export const FEED_BEFORE_DAYS = 92;
export const FEED_AFTER_DAYS = 366;
export const FEED_MAX = 1000;

export interface FeedState {
  hash: string;
  created_at: string;
}

export function feedState(v: ViewRow): FeedState | null {
  const f = readSub(v)[FEED_KEY] as Partial<FeedState> | undefined;
  return f && typeof f.hash === "string" && typeof f.created_at === "string"
    ? { hash: f.hash, created_at: f.created_at }
    : null;
}

/** Settings copied to a new view (copy_from_id) leave the feed behind: its address is the source's. */
export function withoutFeed(sub: Record<string, unknown>): Record<string, unknown> {
  const { [FEED_KEY]: _feed, ...rest } = sub;
  return rest;
}

export function openFeed(store: ProjectStore, viewId: string, hash: string) {
  const v = viewOfType(store, viewId, "calendar");
  const created_at = new Date().toISOString();
  writeSub(store, v.id, { ...readSub(v), [FEED_KEY]: { hash, created_at } });
  return { created_at };
}

export function closeFeed(store: ProjectStore, viewId: string) {
  const v = viewOfType(store, viewId, "calendar");
  writeSub(store, v.id, withoutFeed(readSub(v)));
  return true;
}

/** Equal-length hex compare that does not stop at the first difference. */
function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const cond = (column: string, op: "gte" | "lte", value: string): WhereNode => ({
  type: "cond",
  logicalOp: "and",
  column,
  op,
  subOp: "exactDate",
  value,
});

/** The feed's text; "Not found" for a wrong or revoked secret, as for a view that does not exist. */
export function feedText(store: ProjectStore, viewId: string, hash: string, now = new Date()): string {
  let v: ViewRow;
  try {
    v = viewOfType(store, viewId, "calendar");
  } catch {
    throw missing("Not found");
  }
  const state = feedState(v);
  if (!state || !sameHash(state.hash, hash)) throw missing("Not found");
  const range = ((readSub(v).calendar_range as CalendarRange[] | undefined) ?? [])[0];
  const cols = tableColumns(store, v.modelId);
  const from = cols.find((c) => c.id === range?.fk_from_column_id);
  if (!from) return icsCalendar(v.title, []);
  const to = cols.find((c) => c.id === range?.fk_to_column_id) ?? null;
  const pk = cols.find((c) => c.pk);
  const pv = cols.find((c) => c.pv);
  const first = dayOf(new Date(now.getTime() - FEED_BEFORE_DAYS * 86_400_000));
  const last = dayOf(new Date(now.getTime() + FEED_AFTER_DAYS * 86_400_000));
  const t = tableRef(store, v.modelId);
  const table = queryTable(t);
  const scoped = scopeParams(store, t, table, { limit: FEED_MAX, offset: 0, sort: [from.title] }, { view: v.id });
  const overlap: WhereNode = {
    type: "group",
    logicalOp: "and",
    children: [
      cond(from.title, "lte", last),
      to
        ? {
            type: "group",
            logicalOp: "and",
            children: [cond(to.title, "gte", first), { ...cond(from.title, "gte", first), logicalOp: "or" }],
          }
        : cond(from.title, "gte", first),
    ],
  };
  const where: WhereNode = scoped.where
    ? {
        type: "group",
        logicalOp: "and",
        children: [typeof scoped.where === "string" ? overlap : scoped.where, overlap],
      }
    : overlap;
  const fields = [...new Set([pk, pv, from, to].flatMap((c) => (c ? [c.title] : [])))];
  const compiled = compileList({
    dialect: "sqlite",
    table,
    where,
    sort: scoped.sort ?? [from.title],
    fields,
    limit: FEED_MAX,
    offset: 0,
  });
  const allDay = fieldType(from.uidt)?.kind !== "datetime";
  const stamp = new Date(v.updatedAt);
  const events: FeedEvent[] = [];
  for (const raw of store.exec(compiled.list.sql, ...(compiled.list.params as never[]))) {
    const row = apiRow(t, compiled.select, raw);
    const start = row[from.title];
    if (typeof start !== "string" || start === "") continue;
    const end = to ? row[to.title] : null;
    const title = pv ? row[pv.title] : null;
    events.push({
      uid: `${v.id}-${String(pk ? row[pk.title] : events.length)}@gridbase`,
      summary:
        title === null || title === undefined ? "" : typeof title === "object" ? JSON.stringify(title) : String(title),
      start: allDay ? start.slice(0, 10) : new Date(start.replace(" ", "T")),
      end:
        typeof end === "string" && end !== ""
          ? allDay
            ? end.slice(0, 10)
            : new Date(end.length === 10 ? `${end}T23:59:59Z` : end.replace(" ", "T"))
          : null,
      allDay,
      stamp: Number.isNaN(stamp.getTime()) ? now : stamp,
    });
  }
  return icsCalendar(v.title, events);
}
