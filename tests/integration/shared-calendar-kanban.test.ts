import { describe, expect, it } from "vitest";
import { PNG } from "../support/fake-files";
import { rangeFilter } from "../../web/views/calendar/range";
import { api, seedProject, seedUser, succeeding, type TestUser, workerFetch } from "./support";

/**
 * Issue #42.2: a shared calendar's rows are served to its visitor (they were a 404), through the
 * month's range filter the visitor's page sends, on its date field even when the view hides it.
 * Issue #33.7: the kanban's grouped rows carry signed links to their files, as grid rows do (a
 * cover's bare `/download/...` path is refused).
 */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const as = succeeding(owner);
  const table = await as("POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Events",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Due", uidt: "Date" },
      { title: "Secret", uidt: "SingleLineText" },
      { title: "Stage", uidt: "SingleSelect", colOptions: { options: [{ title: "Open" }, { title: "Done" }] } },
      { title: "Photo", uidt: "Attachment" },
    ],
  });
  const col = Object.fromEntries(table.columns.map((c: { title: string; id: string }) => [c.title, c.id])) as Record<
    string,
    string
  >;
  return { owner, projectId, tableId: table.id as string, col, as };
}

describe("a shared calendar's rows (issue #42.2)", () => {
  it("answers the month's records with their dates, even with the date field hidden in the view", async () => {
    const s = await setup();
    await s.as("POST", `/api/v1/db/data/bulk/noco/${s.projectId}/Events`, [
      { Name: "Launch", Due: "2026-03-10", Secret: "S1" },
      { Name: "Later", Due: "2026-05-01", Secret: "S2" },
      { Name: "Undated", Secret: "S3" },
    ]);
    const calendar = await s.as("POST", `${M}/tables/${s.tableId}/calendars`, {
      title: "Plan",
      calendar_range: [{ fk_from_column_id: s.col.Due }],
    });
    const vcs = (await s.as("GET", `${M}/views/${calendar.id}/columns`)).list as Array<{
      id: string;
      fk_column_id: string;
    }>;
    for (const title of ["Due", "Secret"]) {
      const vc = vcs.find((x) => x.fk_column_id === s.col[title])!;
      await s.as("PATCH", `${M}/views/${calendar.id}/columns/${vc.id}`, { show: false });
    }
    await s.as("POST", `${M}/calendars/${calendar.id}/ical`);
    const uuid = (await s.as("POST", `${M}/views/${calendar.id}/share`)).uuid as string;

    const meta = await api("GET", `${P}/${uuid}/meta`);
    expect(meta.status).toBe(200);
    expect(meta.body.type).toBe(6);
    expect(meta.body.view.calendar_range).toEqual([expect.objectContaining({ fk_from_column_id: s.col.Due })]);
    expect(meta.body.view).not.toHaveProperty("ical_feed");
    const titles = meta.body.model.columns.map((c: { title: string }) => c.title);
    expect(titles).toContain("Due");
    expect(titles).not.toContain("Secret");

    const march = encodeURIComponent(rangeFilter(s.col.Due!, null, "2026-02-23", "2026-04-05"));
    const rows = await api("GET", `${P}/${uuid}/rows?limit=1000&filterArrJson=${march}`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.list.map((r: Record<string, unknown>) => [r.Name, r.Due])).toEqual([["Launch", "2026-03-10"]]);
    expect(rows.body.list[0]).not.toHaveProperty("Secret");

    // The hidden field stays unnamed for the visitor.
    const hidden = await api("GET", `${P}/${uuid}/rows?where=${encodeURIComponent("(Secret,eq,S1)")}`);
    expect(hidden.status).toBe(400);
  });
});

describe("kanban covers (issue #33.7)", () => {
  it("the app's grouped rows and the visitor's carry signed links to each file, which are served", async () => {
    const s = await setup();
    const body = new FormData();
    body.append("files[]", new File([PNG], "cover.png", { type: "image/png" }));
    const folder = `noco/${s.projectId}/${s.tableId}/${s.col.Photo}`;
    const up = await workerFetch(
      new Request(`http://localhost/api/v1/db/storage/upload?path=${encodeURIComponent(folder)}`, {
        method: "POST",
        body,
        headers: { "xc-auth": s.owner.token },
      }),
    );
    expect(up.status, await up.clone().text()).toBe(200);
    const [item] = (await up.json()) as Array<Record<string, unknown>>;
    const { signedPath: _s, signedUrl: _u, ...stored } = item!;
    await s.as("POST", `/api/v1/db/data/noco/${s.projectId}/Events`, { Name: "Card", Stage: "Open", Photo: [stored] });
    const kanban = await s.as("POST", `${M}/tables/${s.tableId}/kanbans`, {
      title: "Board",
      fk_grp_col_id: s.col.Stage,
    });

    const app = await call(
      s.owner,
      "GET",
      `/api/v1/db/data/noco/${s.projectId}/${s.tableId}/views/${kanban.id}/group/${s.col.Stage}`,
    );
    expect(app.status, JSON.stringify(app.body)).toBe(200);
    const uuid = (await s.as("POST", `${M}/views/${kanban.id}/share`)).uuid as string;
    const visitor = await api("GET", `${P}/${uuid}/group/${s.col.Stage}`);
    expect(visitor.status, JSON.stringify(visitor.body)).toBe(200);

    for (const groups of [app.body, visitor.body] as Array<Array<{ key: string; value: { list: any[] } }>>) {
      const card = groups.find((g) => g.key === "Open")!.value.list[0];
      const [photo] = card.Photo;
      expect(photo.signedPath).toMatch(/^download\/.+[?&]/);
      expect(photo.signedUrl).toBe(`http://localhost/${photo.signedPath}`);
      expect((await workerFetch(new Request(`http://localhost/${photo.signedPath}`))).status).toBe(200);
    }
    // The bare stored path is what a cover showed before: refused.
    expect((await workerFetch(new Request(`http://localhost/${stored.path as string}`))).status).toBe(403);
  });
});
