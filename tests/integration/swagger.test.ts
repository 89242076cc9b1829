import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser } from "./support";

const M = "/api/v1/db/meta";

type Doc = {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { properties: Record<string, { type?: string[] }> }> };
};

describe("per-project REST API docs (contract 7)", () => {
  it("describes the project's tables and fields for members only", async () => {
    const owner = await seedUser("org-level-creator");
    const viewer = await seedUser("org-level-viewer");
    const outsider = await seedUser("org-level-creator");
    const projectId = await seedProject([
      [owner, "owner"],
      [viewer, "viewer"],
    ]);
    const made = await api("POST", `${M}/projects/${projectId}/tables`, {
      token: owner.token,
      body: {
        table_name: "Tasks",
        columns: [
          { title: "Name", uidt: "SingleLineText" },
          { title: "Points", uidt: "Number" },
          { title: "Done", uidt: "Checkbox" },
        ],
      },
    });
    expect(made.status).toBe(200);

    const res = await api("GET", `${M}/projects/${projectId}/swagger.json`, { token: viewer.token });
    expect(res.status).toBe(200);
    const doc = res.body as Doc;
    const base = `/api/v1/db/data/noco/${projectId}/Tasks`;
    expect(Object.keys(doc.paths[base] ?? {})).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths[`${base}/{rowId}`] ?? {})).toEqual(["get", "patch", "delete"]);
    const row = Object.values(doc.components.schemas)[0]!;
    expect(row.properties.Name?.type).toEqual(["string", "null"]);
    expect(row.properties.Points?.type).toEqual(["number", "null"]);
    expect(row.properties.Done?.type).toEqual(["boolean", "null"]);

    expect((await api("GET", `${M}/projects/${projectId}/swagger.json`, { token: outsider.token })).status).toBe(403);
    expect((await api("GET", `${M}/projects/${projectId}/swagger.json`)).status).toBe(401);
  });

  it("serves the Swagger UI page from this origin's assets, not a CDN", async () => {
    const res = await api("GET", `${M}/projects/p_any/swagger`);
    expect(res.status).toBe(200);
    const html = String(res.body);
    expect(html).toContain(`src="/swagger-ui/swagger-ui-bundle.js"`);
    expect(html).toContain(`${M}/projects/p_any/swagger.json`);
    expect(html).not.toMatch(/https?:\/\//);
  });
});
