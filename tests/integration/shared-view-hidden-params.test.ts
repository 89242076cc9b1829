import { describe, expect, it } from "vitest";
import { publicGetRoutes } from "./acl-routes";
import { api, seedProject, seedUser, succeeding } from "./support";

/**
 * A shared view's visitor names only the fields the view shows (issue #32, N2 and #42 item 4): a
 * filter, sort, field list or grouping on a field hidden in the view is a 400 naming it, so no
 * guess at a hidden value is answered yes or no, and no order follows it. The view's own saved
 * filter and sort on that field still apply, and its /meta tells nothing of it (N8).
 */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";
const visit = (path: string) => api("GET", `${P}/${path}`);
const q = encodeURIComponent;

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const as = succeeding(owner);
  const select = (...titles: string[]) => ({ options: titles.map((title) => ({ title })) });
  const table = await as("POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Deals",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Secret", uidt: "SingleLineText" },
      { title: "Tier", uidt: "SingleSelect", colOptions: select("Gold", "Tin") },
      { title: "Stage", uidt: "SingleSelect", colOptions: select("Open", "Closed") },
      { title: "Starts", uidt: "Date" },
    ],
  });
  const parts = await as("POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Parts",
    columns: [{ title: "Part" }],
  });
  const linked = await as("POST", `${M}/tables/${table.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Parts",
    childId: parts.id,
    type: "hm",
  });
  const col = Object.fromEntries(linked.columns.map((c: { title: string; id: string }) => [c.title, c.id])) as Record<
    string,
    string
  >;
  await as("POST", `/api/v1/db/data/bulk/noco/${projectId}/Deals`, [
    { Name: "alpha", Secret: "SEC-ALPHA-1", Tier: "Gold", Stage: "Open", Starts: "2026-03-01" },
    { Name: "bravo", Secret: "SEC-BRAVO-2", Tier: "Tin", Stage: "Closed", Starts: "2026-03-02" },
    { Name: "charlie", Secret: "X-CHARLIE-3", Tier: "Gold", Stage: "Open", Starts: "2026-03-03" },
  ]);
  await as("POST", `${M}/tables/${parts.id}/columns`, { uidt: "SingleLineText", title: "Note" });
  await as("POST", `/api/v1/db/data/bulk/noco/${projectId}/Parts`, [{ Part: "bolt" }]);
  await as("POST", `/api/v1/db/data/noco/${projectId}/Deals/1/hm/Parts/1`);
  const grid = (await as("GET", `${M}/tables/${table.id}/views`)).list[0].id as string;
  const kanban = (await as("POST", `${M}/tables/${table.id}/kanbans`, { title: "Board", fk_grp_col_id: col.Stage }))
    .id as string;
  const gallery = (await as("POST", `${M}/tables/${table.id}/galleries`, { title: "Cards" })).id as string;
  const timeline = (
    await as("POST", `${M}/tables/${table.id}/timelines`, { title: "Plan", fk_start_column_id: col.Starts })
  ).id as string;
  const setShown = async (viewId: string, shown: Record<string, boolean>) => {
    const vcs = (await as("GET", `${M}/views/${viewId}/columns`)).list as Array<{ id: string; fk_column_id: string }>;
    for (const [title, show] of Object.entries(shown)) {
      const vc = vcs.find((x) => x.fk_column_id === col[title])!;
      await as("PATCH", `${M}/views/${viewId}/columns/${vc.id}`, { show });
    }
  };
  const hidden = { Secret: false, Tier: false };
  await setShown(grid, { ...hidden, Parts: true });
  await setShown(kanban, { ...hidden, Stage: false });
  await setShown(gallery, { ...hidden, Parts: true });
  await setShown(timeline, hidden);
  // The builder's own filter and sort on the hidden field: they still apply to visitors.
  await as("POST", `${M}/views/${grid}/filters`, { fk_column_id: col.Secret, comparison_op: "like", value: "SEC-%" });
  await as("POST", `${M}/views/${grid}/sorts`, { fk_column_id: col.Secret, direction: "desc" });
  const share = async (viewId: string) =>
    (await as("POST", `${M}/views/${viewId}/share`)).uuid as string & {} as string;
  const uuids = {
    grid: await share(grid),
    kanban: await share(kanban),
    gallery: await share(gallery),
    timeline: await share(timeline),
  };
  await as("PATCH", `${M}/views/${grid}/share`, { meta: { allowCSVDownload: true } });
  return { col, uuids };
}

const names = (res: { body: { list: Array<{ Name: string }> } }) => res.body.list.map((r) => r.Name);

/** Every way a visitor's request may name the hidden field `Secret` (its title, or its id as /meta once told). */
const hiddenParams = (secretId: string) => ({
  where: `where=${q("(Secret,like,SEC-ALPHA%)")}`,
  whereOr: `where=${q("(Name,eq,alpha)~or(Secret,like,SEC%)")}`,
  filterArrJson: `filterArrJson=${q(JSON.stringify([{ fk_column_id: secretId, comparison_op: "like", value: "SEC-ALPHA%" }]))}`,
  nestedFilter: `filterArrJson=${q(
    JSON.stringify([
      { is_group: true, children: [{ fk_column_id: secretId, comparison_op: "like", value: "SEC-ALPHA%" }] },
    ]),
  )}`,
  sortAsc: "sort=Secret",
  sortDesc: "sort=-Secret",
  sortSecond: `sort=${q("Name,-Secret")}`,
  sortArrJson: `sortArrJson=${q(JSON.stringify([{ fk_column_id: secretId, direction: "asc" }]))}`,
  fields: "fields=Secret",
  fieldsSecond: `fields=${q("Name,Secret")}`,
});

describe("a shared view's visitor names only the fields it shows (#32 N2)", () => {
  it("refuses every parameter naming a hidden field with a 400 naming it, so no guess is answered", async () => {
    const s = await setup();
    const g = s.uuids.grid;
    // The builder's filter and sort on Secret apply: charlie's Secret is not SEC-, bravo's sorts first.
    const plain = await visit(`${g}/rows`);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(names(plain)).toEqual(["bravo", "alpha"]);
    expect(JSON.stringify(plain.body)).not.toContain("SEC-");

    for (const [label, param] of Object.entries(hiddenParams(s.col.Secret!))) {
      for (const path of [
        `${g}/rows?${param}`,
        `${g}/rows/export/csv?${param}`,
        `${s.uuids.kanban}/group/${s.col.Stage}?${param}`,
      ]) {
        const res = await visit(path);
        expect(res.status, `${label} ${path}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.msg).toMatch(/^'(Secret|[a-z]+_\w+)' is not a field of this shared view$/);
      }
    }
    // The yes/no oracle of the issue: a right and a wrong guess answer alike.
    const guess = (prefix: string) =>
      visit(
        `${g}/rows?filterArrJson=${q(JSON.stringify([{ fk_column_id: s.col.Secret, comparison_op: "like", value: prefix }]))}`,
      );
    const [right, wrong] = await Promise.all([guess("SEC-ALPHA%"), guess("NOPE%")]);
    expect([right.status, right.body]).toEqual([wrong.status, wrong.body]);
    expect(right.body).toEqual({ msg: `'${s.col.Secret}' is not a field of this shared view` });
    expect((await visit(`${g}/rows?sort=-Secret&fields=Name`)).body).toEqual({
      msg: "'Secret' is not a field of this shared view",
    });

    // Grouping counts per value: only by a shown field, or by the kanban's own stack field.
    expect((await visit(`${g}/group/${s.col.Tier}`)).body).toEqual({
      msg: `'${s.col.Tier}' is not a field of this shared view`,
    });
    expect((await visit(`${s.uuids.kanban}/group/${s.col.Tier}`)).status).toBe(400);
    expect((await visit(`${s.uuids.kanban}/group/${s.col.Stage}`)).status).toBe(200);
    // A grouped shared grid's groups (issue 37): by a shown field, never by a hidden one.
    for (const hidden of ["Secret", s.col.Secret!, "Tier"]) {
      expect((await visit(`${g}/groupby?column_name=${hidden}`)).body).toEqual({
        msg: `'${hidden}' is not a field of this shared view`,
      });
    }
    const grouped = await visit(`${g}/groupby?column_name=Name`);
    expect(grouped.status, JSON.stringify(grouped.body)).toBe(200);
    expect(grouped.body.list).toEqual([expect.objectContaining({ count: 1 }), expect.objectContaining({ count: 1 })]);
    expect(JSON.stringify(grouped.body)).not.toContain("SEC-");

    // Shown fields still filter and sort as before.
    expect(names(await visit(`${g}/rows?sort=Name`))).toEqual(["alpha", "bravo"]);
    const byName = JSON.stringify([{ fk_column_id: s.col.Name, comparison_op: "eq", value: "alpha" }]);
    expect(names(await visit(`${g}/rows?filterArrJson=${q(byName)}`))).toEqual(["alpha"]);
    expect(names(await visit(`${g}/rows?fields=Name&where=${q("(Name,eq,bravo)")}`))).toEqual(["bravo"]);
  });

  it("answers a linked-records row id that would add a filter term as no row, whatever it guesses", async () => {
    const s = await setup();
    const g = s.uuids.grid;
    expect((await visit(`${g}/rows/1/hm/${s.col.Parts}`)).status).toBe(200);
    for (const guess of ["SEC-ALPHA%", "NOPE%"]) {
      const res = await visit(`${g}/rows/${q(`1)~and(Secret,like,${guess}`)}/hm/${s.col.Parts}`);
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    }
  });

  it("/meta describes only the shown fields: no hidden column's settings, id or saved filter value", async () => {
    const s = await setup();
    const meta = await visit(`${s.uuids.grid}/meta`);
    expect(meta.status).toBe(200);
    const text = JSON.stringify(meta.body);
    for (const id of [s.col.Secret!, s.col.Tier!]) expect(text).not.toContain(id);
    expect(text).not.toContain("SEC-");
    const modelIds = new Set(meta.body.model.columns.map((c: { id: string }) => c.id));
    expect(meta.body.columns.every((vc: { fk_column_id: string }) => modelIds.has(vc.fk_column_id))).toBe(true);
    expect(
      meta.body.model.columns.filter((c: { show: boolean }) => c.show).map((c: { title: string }) => c.title),
    ).toEqual(expect.arrayContaining(["Name", "Parts"]));
  });

  it("walks every public shared-view read route with every parameter naming a hidden field: refused, or changes nothing", async () => {
    const s = await setup();
    const { grid, kanban, gallery, timeline } = s.uuids;
    /** Each public GET route as the walk calls it (a new route fails below until it has its probe). */
    const probes: Record<string, string> = {
      [`${P}/:uuid/meta`]: `${grid}/meta`,
      [`${P}/:uuid/rows`]: `${grid}/rows`,
      [`${P}/:uuid/rows/export/:kind`]: `${grid}/rows/export/csv`,
      [`${P}/:uuid/group/:columnId`]: `${kanban}/group/${s.col.Stage}`,
      [`${P}/:uuid/groupby`]: `${grid}/groupby?column_name=Name`,
      [`${P}/:uuid/nested/:columnId`]: `${gallery}/nested/${s.col.Parts}`,
      [`${P}/:uuid/rows/:rowId/:relation/:columnId`]: `${grid}/rows/1/hm/${s.col.Parts}`,
      [`${P}/:uuid/timeline`]: `${timeline}/timeline?from=2026-01-01&to=2026-12-31`,
    };
    const routes = publicGetRoutes(`${P}/`);
    expect(routes.length).toBeGreaterThan(4);
    expect(routes.filter((r) => !probes[r])).toEqual([]);
    for (const route of routes) {
      const base = probes[route]!;
      const before = await visit(base);
      expect(before.status, `${base}: ${JSON.stringify(before.body)}`).toBe(200);
      for (const [label, param] of Object.entries(hiddenParams(s.col.Secret!))) {
        const path = `${base}${base.includes("?") ? "&" : "?"}${param}`;
        const res = await visit(path);
        const at = `${label} ${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, at).toBeLessThan(500);
        expect(JSON.stringify(res.body), at).not.toContain("SEC-");
        if (res.status === 200) expect(res.body, at).toEqual(before.body);
        else expect(res.status, at).toBe(400);
      }
    }
  }, 120_000);
});
