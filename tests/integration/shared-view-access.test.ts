import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, workerFetch, type TestUser, formStartHeader } from "./support";

/**
 * Public shared views under field permissions and row rules (issue 23): a visitor without an
 * account sees no more than the project's viewer role on every read route (rows, group, meta,
 * CSV and XLSX download, nested links), and a rule naming `@me` matches nothing for them. A shared
 * form still stores the fields it asks for, and its answer leaves out what viewers may not see.
 */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });
const visit = (path: string) => api("GET", path);

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Deals",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Stage", uidt: "SingleSelect", colOptions: { options: [{ title: "Open" }, { title: "Closed" }] } },
      { title: "Margin", uidt: "SingleLineText" },
      { title: "Rep", uidt: "SingleLineText" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const col = Object.fromEntries(
    table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
  ) as Record<string, string>;
  const rows = [
    { Name: "alpha", Stage: "Open", Margin: "margin-alpha", Rep: "rep@example.com" },
    { Name: "bravo", Stage: "Closed", Margin: "margin-bravo", Rep: "rep@example.com" },
    { Name: "charlie", Stage: "Open", Margin: "margin-charlie", Rep: "" },
  ];
  expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Deals`, rows)).status).toBe(200);
  const views = await call(owner, "GET", `${M}/tables/${table.body.id}/views`);
  const grid = views.body.list[0].id as string;
  const kanban = await call(owner, "POST", `${M}/tables/${table.body.id}/kanbans`, {
    title: "Board",
    fk_grp_col_id: col.Stage,
  });
  const form = await call(owner, "POST", `${M}/tables/${table.body.id}/forms`, { title: "New deal" });
  const share = async (viewId: string, patch?: unknown) => {
    const res = await call(owner, "POST", `${M}/views/${viewId}/share`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (patch) expect((await call(owner, "PATCH", `${M}/views/${viewId}/share`, patch)).status).toBe(200);
    return res.body.uuid as string;
  };
  const setViewer = async (viewer: unknown) => {
    const res = await call(owner, "PUT", `${M}/tables/${table.body.id}/access`, { roles: { viewer } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  return {
    owner,
    projectId,
    col,
    share,
    setViewer,
    grid,
    kanban: kanban.body.id as string,
    form: form.body.id as string,
  };
}

const names = (list: Array<{ Name: string }>) => list.map((r) => r.Name).sort();

describe("public shared views read as the viewer role", () => {
  it("leaves out fields hidden from viewers and records outside the viewer's rule, on every read route", async () => {
    const s = await setup();
    const gridUuid = await s.share(s.grid, { meta: { allowCSVDownload: true } });
    const kanbanUuid = await s.share(s.kanban);
    // Before any rule the visitor sees the whole view: the checks below are the rule's doing.
    expect(names((await visit(`${P}/${gridUuid}/rows`)).body.list)).toEqual(["alpha", "bravo", "charlie"]);
    await s.setViewer({
      fields: { [s.col.Margin!]: "hidden" },
      row_rule: [{ fk_column_id: s.col.Stage, comparison_op: "eq", value: "Open" }],
    });

    const rows = await visit(`${P}/${gridUuid}/rows`);
    expect(rows.status).toBe(200);
    expect(names(rows.body.list)).toEqual(["alpha", "charlie"]);
    expect(rows.body.pageInfo.totalRows).toBe(2);
    expect(JSON.stringify(rows.body)).not.toContain("margin-");
    // The hidden field cannot be probed through a filter either.
    expect((await visit(`${P}/${gridUuid}/rows?where=(Margin,eq,margin-alpha)`)).status).toBe(400);

    const meta = await visit(`${P}/${gridUuid}/meta`);
    expect(meta.status).toBe(200);
    expect(meta.body.model.columns.map((c: { title: string }) => c.title)).not.toContain("Margin");

    const groups = await visit(`${P}/${kanbanUuid}/group/${s.col.Stage}`);
    expect(groups.status).toBe(200);
    const grouped = groups.body.flatMap((g: { value: { list: Array<{ Name: string }> } }) => g.value.list);
    expect(names(grouped)).toEqual(["alpha", "charlie"]);
    expect(JSON.stringify(groups.body)).not.toContain("margin-");

    const csv = await visit(`${P}/${gridUuid}/rows/export/csv`);
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text).toContain("alpha");
    expect(text).not.toContain("bravo");
    expect(text).not.toContain("Margin");
    expect(text).not.toContain("margin-");
    const xlsx = await workerFetch(new Request(`http://localhost${P}/${gridUuid}/rows/export/excel`));
    expect(xlsx.status).toBe(200);
    // The workbook is zipped: read it only for its size against the same export without the rule.
    const restricted = (await xlsx.arrayBuffer()).byteLength;
    await s.setViewer({ fields: {}, row_rule: null });
    const open = await workerFetch(new Request(`http://localhost${P}/${gridUuid}/rows/export/excel`));
    expect((await open.arrayBuffer()).byteLength).toBeGreaterThan(restricted);
    expect(names((await visit(`${P}/${gridUuid}/rows`)).body.list)).toEqual(["alpha", "bravo", "charlie"]);
  });

  it("matches nothing for a rule naming @me, whatever its operator", async () => {
    const s = await setup();
    const uuid = await s.share(s.grid);
    for (const op of ["eq", "neq"]) {
      await s.setViewer({ row_rule: [{ fk_column_id: s.col.Rep, comparison_op: op, value: "@me" }] });
      const rows = await visit(`${P}/${uuid}/rows`);
      expect(rows.status).toBe(200);
      expect(rows.body.list, op).toEqual([]);
    }
    // Members keep their own meaning of @me: the owner is not narrowed at all.
    const all = await call(s.owner, "GET", `/api/v1/db/data/noco/${s.projectId}/Deals/count`);
    expect(all.body.count).toBe(3);
  });

  it("a shared form stores a field hidden from viewers when it asks for it, and answers without it", async () => {
    const s = await setup();
    await s.setViewer({ fields: { [s.col.Margin!]: "hidden" } });
    const uuid = await s.share(s.form);
    const meta = await visit(`${P}/${uuid}/meta`);
    expect(meta.body.model.columns.map((c: { title: string }) => c.title)).toContain("Margin");
    const body = new FormData();
    body.set("data", JSON.stringify({ Name: "delta", Stage: "Open", Margin: "margin-delta" }));
    const headers = await formStartHeader(uuid);
    const res = await workerFetch(new Request(`http://localhost${P}/${uuid}/rows`, { method: "POST", body, headers }));
    const answer = await res.text();
    expect(res.status, answer).toBe(200);
    expect(answer).toContain("delta");
    expect(answer).not.toContain("margin-delta");
    const stored = await call(s.owner, "GET", `/api/v1/db/data/noco/${s.projectId}/Deals?where=(Name,eq,delta)`);
    expect(stored.body.list[0].Margin).toBe("margin-delta");
  });
});
