import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

/**
 * A view's record template (issue 37): default values for the records made in the view, kept in
 * its meta, read by whoever reads the view and replaced by editors and up; every value checked as
 * a write of its field, nothing written on a bad one.
 */
const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

describe("record templates", () => {
  it("editors keep default values per view, viewers read them, bad values are 400 naming the field", async () => {
    const [owner, editor, viewer] = [
      await seedUser("org-level-creator"),
      await seedUser("org-level-viewer"),
      await seedUser("org-level-viewer"),
    ];
    const projectId = await seedProject([
      [owner, "owner"],
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Tasks",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Status", uidt: "SingleSelect", dtxp: "'Todo','Done'" },
        { title: "Points", uidt: "Number" },
        { title: "Note", uidt: "SingleLineText" },
      ],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const total = await call(owner, "POST", `${M}/tables/${table.body.id}/columns`, {
      title: "Total",
      uidt: "Formula",
      formula_raw: "{Points} * 2",
    });
    expect(total.status, JSON.stringify(total.body)).toBe(200);
    const col = Object.fromEntries(
      (
        (await call(owner, "GET", `${M}/tables/${table.body.id}`)).body.columns as Array<{ title: string; id: string }>
      ).map((c) => [c.title, c.id]),
    ) as Record<string, string>;
    const grid = table.body.views[0].id as string;
    const path = `${M}/views/${grid}/record-template`;

    expect((await call(viewer, "GET", path)).body).toEqual({ values: {} });
    const saved = await call(editor, "PUT", path, {
      values: { [col.Status!]: "Todo", [col.Points!]: 3, [col.Note!]: "from the template" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      values: { [col.Status!]: "Todo", [col.Points!]: 3, [col.Note!]: "from the template" },
    });
    expect((await call(viewer, "GET", path)).body).toEqual(saved.body);
    // A viewer may not change it.
    expect((await call(viewer, "PUT", path, { values: {} })).status).toBe(403);

    // Bad values, each a 400 naming the field; the stored template stays as it was.
    const refused = async (values: Record<string, unknown>, field: RegExp) => {
      const res = await call(editor, "PUT", path, { values });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toMatch(field);
    };
    await refused({ [col.Status!]: "Maybe" }, /Status/);
    await refused({ [col.Points!]: "many" }, /Points/);
    await refused({ [col.Total!]: 4 }, /Total/);
    await refused({ nope: 1 }, /nope/);
    await refused({ [col.Points!]: 1, [col.Status!]: "Maybe" }, /Status/);
    expect((await call(viewer, "GET", path)).body).toEqual(saved.body);

    // A view meta change keeps it (and cannot write one around the checks).
    const patched = await call(owner, "PATCH", `${M}/views/${grid}`, {
      meta: { record_template: { values: { [col.Status!]: "Maybe" } }, other: 1 },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await call(viewer, "GET", path)).body).toEqual(saved.body);

    // A deleted field's value is no default any more; an empty template clears it.
    expect((await call(owner, "DELETE", `${M}/columns/${col.Note!}`)).status).toBe(200);
    expect((await call(viewer, "GET", path)).body).toEqual({ values: { [col.Status!]: "Todo", [col.Points!]: 3 } });
    expect((await call(editor, "PUT", path, { values: {} })).body).toEqual({ values: {} });
    expect((await call(viewer, "GET", path)).body).toEqual({ values: {} });

    // Documented in the OpenAPI with its body and the access each method needs.
    const doc = (await api("GET", "/api/v1/openapi.json")).body as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const documented = doc.paths["/api/v1/db/meta/views/{viewId}/record-template"];
    expect(documented?.get).toBeDefined();
    expect(documented?.put?.requestBody).toBeDefined();
  });
});
