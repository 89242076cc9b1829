import { z } from "zod";
import type { Caller } from "../views/kinds";
import { footerAggregate } from "../views/footer";
import {
  AGGREGATES,
  AGGREGATE_LIMIT_MAX,
  AGGREGATE_VALUES_MAX,
  DATE_BUCKETS,
  PERIODS,
} from "../query/compile-aggregate";

/**
 * The data port's requests (issue 34), defined once: every row read is one `ReadRequest` and every
 * row write one `RowChange`, whichever database holds the table (source.ts). The Worker builds
 * them; the project room checks them (parse) and decides access by their `op` (actions.ts).
 * `table` is a table id or title. Values stay as the API received them: the compilers and the
 * field types check them further down, with the messages they always had.
 */

/** Paging, fields, sort and `where` of a list (db/query ListParams). */
const listParams = z.object({
  where: z.string().optional(),
  sort: z.array(z.string()).optional(),
  fields: z.array(z.string()).optional(),
  limit: z.number(),
  offset: z.number(),
  /** A keyset page's start: the `pageInfo.cursor` of the page before (db/rows/cursor.ts). */
  cursor: z.string().optional(),
});

/** The view and JSON extras a read goes through (db/views/scope.ts RowScope). */
const rowScope = z.object({
  view: z.string().optional(),
  caller: z.custom<Caller>().optional(),
  filterArrJson: z.string().optional(),
  sortArrJson: z.string().optional(),
});

const table = z.string();

/**
 * NocoDB v2's reading of links (the v2 routes set it): a has-many or many-to-many link answers the
 * number of its linked records, counted in the same statement, and filters and sorts compare that
 * number; belongs-to stays the record.
 */
const linkCounts = z.boolean().optional();

/** An aggregate's groups and values (db/query/compile-aggregate.ts AggregateSpec). */
export const aggregateSpec = z.object({
  x: z.object({ column: z.string(), bucket: z.enum(DATE_BUCKETS).optional() }).optional(),
  series: z.object({ column: z.string() }).optional(),
  y: z
    .array(z.object({ column: z.string().optional(), agg: z.enum(AGGREGATES) }))
    .min(1)
    .max(AGGREGATE_VALUES_MAX),
  pivot: z.boolean().optional(),
  compare: z.object({ column: z.string(), period: z.enum(PERIODS) }).optional(),
  timeZone: z.string().max(64).optional(),
  limit: z.number().int().min(1).max(AGGREGATE_LIMIT_MAX).optional(),
});

export const ReadRequest = z.discriminatedUnion("op", [
  /** A page of records (contract 5.1 list). */
  z.object({ op: z.literal("list"), table, params: listParams, scope: rowScope.optional(), linkCounts }),
  z.object({ op: z.literal("count"), table, where: z.string().optional(), scope: rowScope.optional(), linkCounts }),
  /** Sums, averages, counts... of fields over the matching records (NocoDB v2 `aggregate`). */
  z.object({
    op: z.literal("fieldAggregates"),
    table,
    aggregations: z.array(z.object({ field: z.string(), type: z.string() })).max(100),
    where: z.string().optional(),
    scope: rowScope.optional(),
    /** The answer's keys: field titles (NocoDB's `aggregate`, the default) or ids (its `bulk/aggregate`). */
    keyedBy: z.enum(["title", "id"]).optional(),
    linkCounts,
  }),
  z.object({ op: z.literal("find"), table, params: listParams, scope: rowScope.optional() }),
  /** Counts per value of one field (contract 5.1 groupby), with sums or averages of number fields (MCP `aggregate`). */
  z.object({
    op: z.literal("groupBy"),
    table,
    column: z.string(),
    params: listParams,
    scope: rowScope.optional(),
    measures: z.array(z.object({ fn: z.enum(["sum", "avg"]), column: z.string() })).optional(),
    /** A date column by its day, month or year (issue 37; db/query/compile-group.ts). */
    bucket: z.enum(["day", "month", "year"]).optional(),
    /** The grid footer's aggregates per group (issue 37), answered as each group's `aggregates`. */
    aggregations: z
      .array(z.object({ column: z.string(), type: footerAggregate }))
      .max(20)
      .optional(),
  }),
  /** Pages of records per option of a single select (the kanban's stacks). */
  z.object({
    op: z.literal("grouped"),
    table,
    columnId: z.string(),
    params: listParams,
    scope: rowScope,
    optionsArrJson: z.string().optional(),
  }),
  /** One CSV batch; `origin` is the site's public origin, for the links of uploads. */
  z.object({ op: z.literal("export"), table, params: listParams, scope: rowScope.optional(), origin: z.string() }),
  /** Records linked to a row (`linked`), or those the picker may still link. */
  z.object({
    op: z.literal("nested"),
    table,
    rowId: z.string(),
    column: z.string(),
    params: listParams,
    linked: z.boolean(),
  }),
  z.object({ op: z.literal("one"), table, rowId: z.string(), linkCounts }),
  z.object({ op: z.literal("exists"), table, rowId: z.string() }),
  /**
   * Aggregates of the rows the reader may read (dashboards' widgets, the grid's footer): one
   * statement, through the view's filters and `filterArrJson` as a list is (db/rows/aggregate.ts).
   */
  z.object({
    op: z.literal("aggregate"),
    table,
    spec: aggregateSpec,
    where: z.string().optional(),
    scope: rowScope.optional(),
  }),
  /**
   * A timeline view's records whose bars overlap the days `from`..`to` (or, `unscheduled`, those
   * without a start), through the view (db/views/timeline/range.ts).
   */
  z.object({
    op: z.literal("timeline"),
    table,
    view: z.string(),
    from: z.string(),
    to: z.string(),
    unscheduled: z.boolean().optional(),
    params: listParams,
    scope: rowScope.optional(),
  }),
  /** A calendar view's iCal text when `hash` is its open feed's (db/views/calendar/feed.ts). */
  z.object({ op: z.literal("calendarFeed"), viewId: z.string(), hash: z.string() }),
]);
export type ReadRequest = z.infer<typeof ReadRequest>;

const rowsBody = z.array(z.unknown());

/** Records one `links` change names at most: each is checked and written on its own statements. */
export const MAX_LINKS = 1000;

export const RowChange = z.discriminatedUnion("op", [
  z.object({ op: z.literal("insert"), table, body: z.unknown() }),
  /** A JSON array, or its text as received (the room parses and checks it: db/rows/api.ts rowsOf). */
  z.object({ op: z.literal("insertMany"), table, bodies: z.union([rowsBody, z.string()]) }),
  /** `note`: what the history entry says instead of "changed A, B" (history's "Restore this version"). */
  z.object({ op: z.literal("update"), table, rowId: z.string(), body: z.unknown(), note: z.string().optional() }),
  z.object({ op: z.literal("updateMany"), table, bodies: rowsBody }),
  z.object({ op: z.literal("updateWhere"), table, where: z.string().optional(), body: z.unknown() }),
  z.object({ op: z.literal("delete"), table, rowId: z.string() }),
  z.object({ op: z.literal("deleteMany"), table, bodies: rowsBody }),
  z.object({ op: z.literal("deleteWhere"), table, where: z.string().optional() }),
  /** Links (`add`) or unlinks one related record. */
  z.object({
    op: z.literal("link"),
    table,
    rowId: z.string(),
    column: z.string(),
    refRowId: z.string(),
    add: z.boolean(),
  }),
  /**
   * Links (`add`) or unlinks several related records in one transaction (NocoDB v2's link routes):
   * a missing one refuses them all; one already linked (or already unlinked) counts as done.
   */
  z.object({
    op: z.literal("links"),
    table,
    rowId: z.string(),
    column: z.string(),
    refRowIds: z.array(z.string()).min(1).max(MAX_LINKS),
    add: z.boolean(),
  }),
  /** A record through a view: a form view's fields and rules apply (db/views/form/submit.ts). */
  z.object({ op: z.literal("formSubmit"), table, view: z.string(), body: z.unknown() }),
  /**
   * A shared form's record with the links its answers name, for a visitor: the room takes the link
   * values of the form's shown link fields out of `body` and answers only the fields a viewer sees.
   */
  z.object({ op: z.literal("sharedFormSubmit"), table, view: z.string(), body: z.record(z.string(), z.unknown()) }),
]);
export type RowChange = z.infer<typeof RowChange>;

/** One data call in one hop (the room's `gated`): a read, or a write with who writes. */
export const DataCall = z.union([
  z.object({ read: ReadRequest }),
  z.object({
    write: RowChange,
    actor: z.object({ id: z.string(), email: z.string(), name: z.string().nullable().optional() }),
  }),
]);
export type DataCall = z.infer<typeof DataCall>;

export type ReadOp = ReadRequest["op"];
export type ChangeOp = RowChange["op"];
