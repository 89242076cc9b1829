import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, succeeding, type TestUser } from "./support";

/**
 * A view's saved filters and sorts on a field hidden from a role (issue #32, N7): that role does
 * not see them (list, by id) nor names the field in one of its own, yet the builder's filter still
 * applies to the rows it reads, which answer 200 rather than refusing the hidden field.
 */
const M = "/api/v1/db/meta";
const NARROWED = ["editor", "commenter", "viewer"] as const;

async function setup() {
  const owner = await seedUser("org-level-creator");
  const members = Object.fromEntries(
    await Promise.all(NARROWED.map(async (r) => [r, await seedUser("org-level-viewer")] as const)),
  ) as Record<(typeof NARROWED)[number], TestUser>;
  const projectId = await seedProject([
    [owner, "owner"],
    ...NARROWED.map((r) => [members[r], r] as [TestUser, typeof r]),
  ]);
  const as = succeeding(owner);
  const table = await as("POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Staff",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Salary", uidt: "Number" },
    ],
  });
  const col = Object.fromEntries(table.columns.map((c: { title: string; id: string }) => [c.title, c.id])) as Record<
    string,
    string
  >;
  await as("POST", `/api/v1/db/data/bulk/noco/${projectId}/Staff`, [
    { Name: "Ann", Salary: 950000 },
    { Name: "Bob", Salary: 100000 },
    { Name: "Cid", Salary: 920000 },
  ]);
  const view = (await as("GET", `${M}/tables/${table.id}/views`)).list[0].id as string;
  const filter = await as("POST", `${M}/views/${view}/filters`, {
    fk_column_id: col.Salary,
    comparison_op: "gt",
    value: 910000,
  });
  const group = await as("POST", `${M}/views/${view}/filters`, {
    is_group: true,
    children: [{ fk_column_id: col.Name, comparison_op: "neq", value: "Zed" }],
  });
  const nested = await as("POST", `${M}/views/${view}/filters`, {
    fk_parent_id: group.id,
    fk_column_id: col.Salary,
    comparison_op: "lt",
    value: 930000,
  });
  const sort = await as("POST", `${M}/views/${view}/sorts`, { fk_column_id: col.Salary, direction: "desc" });
  const hidden = { fields: { [col.Salary!]: "hidden" } };
  await as("PUT", `${M}/tables/${table.id}/access`, { roles: { editor: hidden, commenter: hidden, viewer: hidden } });
  return { owner, members, projectId, tableId: table.id as string, col, view, filter, group, nested, sort };
}

describe("saved filters and sorts on a field hidden from a role (#32 N7)", () => {
  it("are not shown to editors, commenters and viewers, and the view's rows still follow them with 200", async () => {
    const s = await setup();
    const asOwner = (path: string) => api("GET", path, { token: s.owner.token });
    // The builder sees everything they saved.
    expect((await asOwner(`${M}/views/${s.view}/filters`)).body.list.map((f: { id: string }) => f.id)).toEqual([
      s.filter.id,
      s.group.id,
    ]);
    expect((await asOwner(`${M}/filters/${s.group.id}/children`)).body.list).toHaveLength(2);
    expect((await asOwner(`${M}/views/${s.view}/sorts`)).body.list).toHaveLength(1);

    for (const role of NARROWED) {
      const get = (path: string) => api("GET", path, { token: s.members[role].token });
      const filters = await get(`${M}/views/${s.view}/filters`);
      expect(filters.status, role).toBe(200);
      expect(
        filters.body.list.map((f: { id: string }) => f.id),
        role,
      ).toEqual([s.group.id]);
      const children = await get(`${M}/filters/${s.group.id}/children`);
      expect(
        children.body.list.map((f: { fk_column_id: string }) => f.fk_column_id),
        role,
      ).toEqual([s.col.Name]);
      for (const path of [`${M}/views/${s.view}/filters`, `${M}/filters/${s.group.id}/children`]) {
        const text = JSON.stringify((await get(path)).body);
        expect(text, `${role} ${path}`).not.toContain(s.col.Salary);
        expect(text, `${role} ${path}`).not.toContain("910000");
      }
      expect((await get(`${M}/filters/${s.filter.id}`)).status, role).toBe(404);
      expect((await get(`${M}/filters/${s.nested.id}`)).status, role).toBe(404);
      expect((await get(`${M}/views/${s.view}/sorts`)).body.list, role).toEqual([]);
      expect((await get(`${M}/sorts/${s.sort.id}`)).status, role).toBe(404);

      // Salary > 910000 and < 930000: Cid only; the hidden field is not in the answer.
      const D = `/api/v1/db/data/noco/${s.projectId}/${s.tableId}/views/${s.view}`;
      const rows = await get(D);
      expect(rows.status, `${role}: ${JSON.stringify(rows.body)}`).toBe(200);
      expect(
        rows.body.list.map((r: { Name: string }) => r.Name),
        role,
      ).toEqual(["Cid"]);
      expect(JSON.stringify(rows.body), role).not.toContain("Salary");
      const count = await get(`${D}/count`);
      expect([count.status, count.body], role).toEqual([200, { count: 1 }]);
      // Naming the hidden field itself stays refused.
      expect((await get(`${D}?where=(Salary,gt,1)`)).status, role).toBe(400);
    }
    // Without the role's rule, the filter reads as before (the builder's answer).
    const own = await asOwner(`/api/v1/db/data/noco/${s.projectId}/${s.tableId}/views/${s.view}`);
    expect(own.body.list.map((r: { Name: string }) => r.Name)).toEqual(["Cid"]);
  });

  it("an editor cannot name the hidden field in a filter or sort of their own, nor change the builder's", async () => {
    const s = await setup();
    const editor = (method: string, path: string, body?: unknown) =>
      api(method, path, { token: s.members.editor.token, body });
    const notColumn = { msg: `fk_column_id: column '${s.col.Salary}' is not a column of this table` };
    // A filter of their own on Salary would answer their guesses at it through the rows.
    const made = await editor("POST", `${M}/views/${s.view}/filters`, {
      fk_column_id: s.col.Salary,
      comparison_op: "gt",
      value: 940000,
    });
    expect([made.status, made.body]).toEqual([400, notColumn]);
    const inGroup = await editor("POST", `${M}/views/${s.view}/filters`, {
      is_group: true,
      children: [{ fk_column_id: s.col.Salary, comparison_op: "gt", value: 940000 }],
    });
    expect([inGroup.status, inGroup.body]).toEqual([400, notColumn]);
    const moved = await editor("PATCH", `${M}/filters/${s.group.id}`, { logical_op: "or" });
    expect(moved.status).toBe(200);
    const own = await editor("POST", `${M}/views/${s.view}/filters`, {
      fk_column_id: s.col.Name,
      comparison_op: "neq",
      value: "Zed",
    });
    expect(own.status).toBe(200);
    expect((await editor("PATCH", `${M}/filters/${own.body.id}`, { fk_column_id: s.col.Salary })).body).toEqual(
      notColumn,
    );
    expect((await editor("PATCH", `${M}/filters/${s.filter.id}`, { value: 1 })).status).toBe(404);
    expect((await editor("DELETE", `${M}/filters/${s.filter.id}`)).status).toBe(404);
    expect((await editor("POST", `${M}/views/${s.view}/sorts`, { fk_column_id: s.col.Salary })).body).toEqual(
      notColumn,
    );
    expect((await editor("PATCH", `${M}/sorts/${s.sort.id}`, { direction: "asc" })).status).toBe(404);
    expect((await editor("DELETE", `${M}/sorts/${s.sort.id}`)).status).toBe(404);
    // The builder's filter is as they saved it.
    const saved = await api("GET", `${M}/filters/${s.filter.id}`, { token: s.owner.token });
    expect([saved.body.comparison_op, String(saved.body.value)]).toEqual(["gt", "910000"]);
  });
});
