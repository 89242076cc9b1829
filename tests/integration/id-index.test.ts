import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

/** The project the Worker's id index (D1 meta_index) gives an id, or null. */
async function projectOf(id: string) {
  const row = await env.META.prepare("SELECT project_id FROM meta_index WHERE id = ?")
    .bind(id)
    .first<{ project_id: string }>();
  return row?.project_id ?? null;
}

async function ok(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await call(user, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

const hook = (extra: Record<string, unknown> = {}) => ({
  title: "On insert",
  event: "after",
  operation: "insert",
  notification: { type: "URL", payload: { method: "POST", path: "https://example.com/hook" } },
  ...extra,
});

describe("the id-to-project index, kept from the room's reports", () => {
  it("resolves every id a route names once made, and stops once it is removed", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const tasks = await ok(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Tasks",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Points", uidt: "Number" },
      ],
    });
    const people = await ok(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name: "People" });
    const col = (t: { columns: Array<{ title: string; id: string }> }, title: string) =>
      t.columns.find((c) => c.title === title)!.id;
    const points = col(tasks, "Points");

    // A link adds a field on the other table too: both resolve, and so do the view columns made for them.
    const withLink = await ok(owner, "POST", `${M}/tables/${tasks.id}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Owner",
      parentId: tasks.id,
      childId: people.id,
      type: "hm",
    });
    const link = col(withLink, "Owner");
    const reverse = (await ok(owner, "GET", `${M}/tables/${people.id}`)).columns.find(
      (c: { uidt: string }) => c.uidt === "LinkToAnotherRecord",
    ).id as string;
    const view = await ok(owner, "POST", `${M}/tables/${tasks.id}/grids`, { title: "Mine" });
    const viewColumns = (await ok(owner, "GET", `${M}/views/${view.id}/columns`)).list as Array<{ id: string }>;
    const group = await ok(owner, "POST", `${M}/views/${view.id}/filters`, {
      is_group: true,
      children: [{ fk_column_id: points, comparison_op: "gt", value: "1" }],
    });
    const child = group.children[0].id as string;
    const sort = await ok(owner, "POST", `${M}/views/${view.id}/sorts`, { fk_column_id: points, direction: "desc" });
    const made = await ok(owner, "POST", `${M}/tables/${tasks.id}/hooks`, hook());
    const hookFilter = await ok(owner, "POST", `${M}/hooks/${made.id}/filters`, {
      fk_column_id: points,
      comparison_op: "gt",
      value: "5",
    });

    const everything = [
      tasks.id,
      people.id,
      points,
      link,
      reverse,
      view.id,
      ...viewColumns.map((vc) => vc.id),
      group.id,
      child,
      sort.id,
      made.id,
      hookFilter.id,
    ];
    expect(viewColumns.length).toBeGreaterThan(0);
    for (const id of everything) expect(await projectOf(id), id).toBe(projectId);
    // What a user notices: routes naming only these ids find them.
    expect((await call(owner, "GET", `${M}/filters/${child}`)).status).toBe(200);
    expect((await call(owner, "GET", `${M}/sorts/${sort.id}`)).status).toBe(200);
    expect((await call(owner, "GET", `${M}/columns/${reverse}`)).status).toBe(200);

    // A hook's conditions replaced: the old ones leave the index, the new ones enter it.
    const updated = await ok(owner, "PATCH", `${M}/hooks/${made.id}`, {
      filters: [{ fk_column_id: points, comparison_op: "lt", value: "9" }],
    });
    expect(updated.id).toBe(made.id);
    expect(await projectOf(hookFilter.id)).toBeNull();
    const [replaced] = (await ok(owner, "GET", `${M}/hooks/${made.id}/filters`)).list as Array<{ id: string }>;
    expect(await projectOf(replaced!.id)).toBe(projectId);

    await ok(owner, "DELETE", `${M}/sorts/${sort.id}`);
    expect(await projectOf(sort.id)).toBeNull();
    expect((await call(owner, "GET", `${M}/sorts/${sort.id}`)).status).toBe(404);

    // A group goes with its children.
    await ok(owner, "DELETE", `${M}/filters/${group.id}`);
    expect([await projectOf(group.id), await projectOf(child)]).toEqual([null, null]);
    expect((await call(owner, "GET", `${M}/filters/${child}`)).status).toBe(404);

    await ok(owner, "DELETE", `${M}/hooks/${made.id}`);
    expect([await projectOf(made.id), await projectOf(replaced!.id)]).toEqual([null, null]);

    // A field goes with its view columns.
    const pointsInView = viewColumns.find((vc) => (vc as { fk_column_id?: string }).fk_column_id === points)!.id;
    await ok(owner, "DELETE", `${M}/columns/${points}`);
    expect([await projectOf(points), await projectOf(pointsInView)]).toEqual([null, null]);
    expect((await call(owner, "GET", `${M}/columns/${points}`)).status).toBe(404);

    await ok(owner, "DELETE", `${M}/views/${view.id}`);
    for (const vc of viewColumns) expect(await projectOf(vc.id), vc.id).toBeNull();

    // A table goes with its fields, views, and the other side of its links.
    await ok(owner, "DELETE", `${M}/tables/${tasks.id}`);
    for (const id of [tasks.id, link, reverse, ...tasks.views.map((v: { id: string }) => v.id)]) {
      expect(await projectOf(id), id).toBeNull();
    }
    expect(await projectOf(people.id)).toBe(projectId);
    expect((await call(owner, "GET", `${M}/columns/${reverse}`)).status).toBe(404);
  });
});
