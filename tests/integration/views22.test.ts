import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

/** Issue 22's view features (iCal feed, covers, WIP limits) and issue 18's view gaps (personal views in table answers). */
const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

const today = new Date();
const dayAt = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

async function setup() {
  const [owner, creator, editor, viewer] = await Promise.all([
    seedUser("org-level-creator"),
    seedUser("org-level-viewer"),
    seedUser("org-level-viewer"),
    seedUser("org-level-viewer"),
  ]);
  const projectId = await seedProject([
    [owner, "owner"],
    [creator, "creator"],
    [editor, "editor"],
    [viewer, "viewer"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Events",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Starts", uidt: "Date" },
      { title: "Ends", uidt: "Date" },
      { title: "At", uidt: "DateTime" },
      { title: "Until", uidt: "DateTime" },
      { title: "Status", uidt: "SingleSelect", colOptions: { options: [{ title: "Todo" }, { title: "Done" }] } },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const col = Object.fromEntries(
    table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
  ) as Record<string, string>;
  const long = `A very long title, with commas; semicolons\\ and a newline\nthat must fold ${"é".repeat(60)}`;
  const rows = [
    {
      Name: "Trip",
      Starts: dayAt(2),
      Ends: dayAt(5),
      At: `${dayAt(2)} 09:30:00`,
      Until: `${dayAt(2)} 11:00:00`,
      Status: "Todo",
    },
    { Name: long, Starts: dayAt(10), Ends: null, At: `${dayAt(10)} 14:00:00`, Until: null, Status: "Done" },
    { Name: "Long ago", Starts: dayAt(-200), Ends: dayAt(-199), Status: "Todo" },
    { Name: "Far ahead", Starts: dayAt(500), Status: "Todo" },
    { Name: "Began before", Starts: dayAt(-120), Ends: dayAt(-80), Status: "Todo" },
    { Name: "Undated", Starts: null, Status: "Todo" },
  ];
  expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Events`, rows)).status).toBe(200);
  return {
    owner,
    creator,
    editor,
    viewer,
    projectId,
    tableId: table.body.id as string,
    col,
    long,
    T: `/api/v1/db/data/noco/${projectId}/Events`,
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function create(s: Setup, route: string, body: Record<string, unknown>, user = s.owner) {
  const res = await call(user, "POST", `${M}/tables/${s.tableId}/${route}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

/** The feed as a calendar app reads it: no headers, the address is the credential. */
async function feed(url: string) {
  const res = await api("GET", new URL(url).pathname);
  return res;
}

function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
}

describe("views of issue 22", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });

  it("serves an all-day iCal feed at a secret address, parsed by ical.js, and only builders manage it", async () => {
    const cal = await create(s, "calendars", {
      title: "Trips",
      calendar_range: [{ fk_from_column_id: s.col.Starts, fk_to_column_id: s.col.Ends }],
    });
    for (const u of [s.editor, s.viewer])
      expect((await call(u, "POST", `${M}/calendars/${cal.id}/ical`)).status).toBe(403);
    const made = await call(s.creator, "POST", `${M}/calendars/${cal.id}/ical`);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.url).toMatch(new RegExp(`/api/v1/db/public/calendars/${cal.id}/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    // The settings say a feed is open, never its secret or hash.
    const settings = await call(s.viewer, "GET", `${M}/calendars/${cal.id}`);
    expect(settings.body.ical_feed).toEqual({ created_at: made.body.created_at });
    expect(JSON.stringify(settings.body)).not.toContain(
      new URL(made.body.url).pathname.split("/").pop()!.replace(".ics", ""),
    );

    const res = await feed(made.body.url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = res.body as string;
    // Every physical line ends in CRLF and is at most 75 octets.
    expect(text.endsWith("\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const list = events(text);
    const byTitle = new Map(list.map((e) => [e.summary, e]));
    // The window (about 3 months back, 12 ahead) keeps overlapping records and drops the rest.
    expect([...byTitle.keys()].sort()).toEqual(["Began before", "Trip", s.long].sort());
    const trip = byTitle.get("Trip")!;
    expect(trip.startDate.isDate).toBe(true);
    expect(trip.startDate.toString()).toBe(dayAt(2));
    // DTEND of an all-day event is exclusive: the day after the last day.
    expect(trip.endDate.toString()).toBe(dayAt(6));
    // Escaped commas, semicolons, backslashes and newlines read back as written, across folds.
    expect(byTitle.get(s.long)!.endDate.toString()).toBe(dayAt(11));
    // UIDs are stable per record across reads.
    const again = events((await feed(made.body.url)).body as string);
    expect(again.map((e) => e.uid).sort()).toEqual(list.map((e) => e.uid).sort());
    expect(new Set(list.map((e) => e.uid)).size).toBe(list.length);
  });

  it("makes timed events from a DateTime field, applies the view's filters, and revokes and regenerates addresses", async () => {
    const cal = await create(s, "calendars", {
      title: "Meetings",
      calendar_range: [{ fk_from_column_id: s.col.At, fk_to_column_id: s.col.Until }],
    });
    expect(
      (
        await call(s.owner, "POST", `${M}/views/${cal.id}/filters`, {
          fk_column_id: s.col.Status,
          comparison_op: "eq",
          value: "Todo",
        })
      ).status,
    ).toBe(200);
    const first = await call(s.owner, "POST", `${M}/calendars/${cal.id}/ical`);
    const list = events((await feed(first.body.url)).body as string);
    expect(list.map((e) => e.summary)).toEqual(["Trip"]);
    const trip = list[0]!;
    expect(trip.startDate.isDate).toBe(false);
    expect(trip.startDate.toJSDate().toISOString()).toBe(`${dayAt(2)}T09:30:00.000Z`);
    expect(trip.endDate.toJSDate().toISOString()).toBe(`${dayAt(2)}T11:00:00.000Z`);

    // A new address replaces the old one.
    const second = await call(s.owner, "POST", `${M}/calendars/${cal.id}/ical`);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await feed(first.body.url)).status).toBe(404);
    expect((await feed(second.body.url)).status).toBe(200);
    // Revoked: 404, and the settings say no feed.
    expect((await call(s.owner, "DELETE", `${M}/calendars/${cal.id}/ical`)).status).toBe(200);
    expect((await feed(second.body.url)).status).toBe(404);
    expect((await call(s.owner, "GET", `${M}/calendars/${cal.id}`)).body.ical_feed).toBeNull();
    // Malformed secrets and unknown views answer the same 404, never a 500.
    expect((await api("GET", `/api/v1/db/public/calendars/${cal.id}/ical/short.ics`)).status).toBe(404);
    expect((await api("GET", `/api/v1/db/public/calendars/vw_nothing/ical/${"a".repeat(43)}.ics`)).status).toBe(404);
    // Feed routes are for calendar views only.
    const grid = await create(s, "grids", { title: "G" });
    const wrong = await call(s.owner, "POST", `${M}/calendars/${grid.id}/ical`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/not a calendar view/);
  });

  it("does not copy a feed's address to a duplicated calendar", async () => {
    const cal = await create(s, "calendars", {
      title: "Source",
      calendar_range: [{ fk_from_column_id: s.col.Starts }],
    });
    await call(s.owner, "POST", `${M}/calendars/${cal.id}/ical`);
    const copy = await create(s, "calendars", {
      title: "Copy",
      copy_from_id: cal.id,
      calendar_range: [{ fk_from_column_id: s.col.Starts }],
    });
    expect((await call(s.owner, "GET", `${M}/calendars/${copy.id}`)).body.ical_feed).toBeNull();
  });

  it("keeps a kanban's WIP limits and a cover fit in the view meta, refusing bad values", async () => {
    const kanban = await create(s, "kanbans", { title: "Board", fk_grp_col_id: s.col.Status });
    const meta = { wipLimits: { Todo: 3 }, coverFit: "fit" };
    expect((await call(s.editor, "PATCH", `${M}/kanbans/${kanban.id}`, { meta })).status).toBe(200);
    expect(JSON.parse((await call(s.viewer, "GET", `${M}/kanbans/${kanban.id}`)).body.meta)).toEqual(meta);
    for (const [wipLimits, msg] of [
      [{ Todo: 0 }, /meta\.wipLimits\.Todo: must be a whole number from 1/],
      [{ Todo: 2.5 }, /whole number/],
      [[3], /must be an object/],
    ] as const) {
      const res = await call(s.owner, "PATCH", `${M}/kanbans/${kanban.id}`, { meta: { wipLimits } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    const gallery = await create(s, "galleries", { title: "Cards" });
    expect((await call(s.owner, "PATCH", `${M}/galleries/${gallery.id}`, { meta: { coverFit: "crop" } })).status).toBe(
      200,
    );
    expect(JSON.parse((await call(s.owner, "GET", `${M}/galleries/${gallery.id}`)).body.meta)).toEqual({
      coverFit: "crop",
    });
    const bad = await call(s.owner, "PATCH", `${M}/galleries/${gallery.id}`, { meta: { coverFit: "stretch" } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/meta\.coverFit: must be one of crop, fit/);
  });

  it("leaves other people's personal views out of the table answer and view lists", async () => {
    const mine = await create(s, "grids", { title: "Creator's own", lock_type: "personal" }, s.creator);
    const shared = await create(s, "grids", { title: "Everyone's" }, s.creator);
    const titles = async (u: TestUser) =>
      ((await call(u, "GET", `${M}/tables/${s.tableId}`)).body.views as Array<{ id: string }>).map((v) => v.id);
    expect(await titles(s.creator)).toEqual(expect.arrayContaining([mine.id, shared.id]));
    for (const u of [s.owner, s.editor, s.viewer]) {
      expect(await titles(u)).not.toContain(mine.id);
      expect(await titles(u)).toContain(shared.id);
      const list = (await call(u, "GET", `${M}/tables/${s.tableId}/views`)).body.list as Array<{ id: string }>;
      expect(list.map((v) => v.id)).not.toContain(mine.id);
    }
    // A column change answers the table too: still without it.
    const added = await call(s.owner, "POST", `${M}/tables/${s.tableId}/columns`, {
      title: "Extra",
      uidt: "SingleLineText",
    });
    expect((added.body.views as Array<{ id: string }>).map((v) => v.id)).not.toContain(mine.id);
  });

  it("asks only for records overlapping a visible range", async () => {
    // The calendar's range query (web/views/calendar/range.ts): from <= last and (to >= first or from >= first).
    const c = (id: string | undefined, op: string, value: string, logical_op = "and") => ({
      fk_column_id: id,
      comparison_op: op,
      comparison_sub_op: "exactDate",
      value,
      logical_op,
    });
    const range = [
      c(s.col.Starts, "lte", dayAt(8)),
      {
        is_group: true,
        logical_op: "and",
        children: [c(s.col.Ends, "gte", dayAt(4)), c(s.col.Starts, "gte", dayAt(4), "or")],
      },
    ];
    const res = await call(
      s.owner,
      "GET",
      `${s.T}?filterArrJson=${encodeURIComponent(JSON.stringify(range))}&fields=Name`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.map((r: { Name: string }) => r.Name)).toEqual(["Trip"]);
    // A range the trip only begins in, and one it has ended before.
    const early = [
      c(s.col.Starts, "lte", dayAt(2)),
      {
        is_group: true,
        logical_op: "and",
        children: [c(s.col.Ends, "gte", dayAt(0)), c(s.col.Starts, "gte", dayAt(0), "or")],
      },
    ];
    expect(
      (
        await call(s.owner, "GET", `${s.T}?filterArrJson=${encodeURIComponent(JSON.stringify(early))}&fields=Name`)
      ).body.list.map((r: { Name: string }) => r.Name),
    ).toEqual(["Trip"]);
    const late = [
      c(s.col.Starts, "lte", dayAt(9)),
      {
        is_group: true,
        logical_op: "and",
        children: [c(s.col.Ends, "gte", dayAt(6)), c(s.col.Starts, "gte", dayAt(6), "or")],
      },
    ];
    expect(
      (await call(s.owner, "GET", `${s.T}?filterArrJson=${encodeURIComponent(JSON.stringify(late))}&fields=Name`)).body
        .list,
    ).toEqual([]);
  });
});
