import { describe, expect, it } from "vitest";
import { seedProject, seedUser, workerFetch } from "./support";

const call = (path: string, init?: RequestInit) => workerFetch(new Request(`http://localhost${path}`, init));

describe("app info", () => {
  it("reports a fresh instance as first user, with social sign-in flags", async () => {
    const res = await call("/api/v1/db/meta/nocodb/info");
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      authType: "jwt",
      firstUser: true,
      defaultLimit: 0,
      googleAuthEnabled: true,
      githubAuthEnabled: true,
    });
  });

  it("answers health and tolerates a trailing slash", async () => {
    const res = await call("/api/v1/health/");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: "OK" });
  });

  it("answers unknown API paths with 404 {msg}", async () => {
    const res = await call("/api/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ msg: "Not found" });
  });

  it("reaches the project room over HTTP only with project access", async () => {
    expect((await call("/parties/project/p_abc")).status).toBe(401);
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    // The token goes in the xc-auth header; one in the URL (which request logs keep) is ignored.
    expect((await call(`/parties/project/${projectId}?token=${owner.token}`)).status).toBe(401);
    const res = await call(`/parties/project/${projectId}`, { headers: { "xc-auth": owner.token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ room: projectId, online: 0 });
  });
});

describe("OpenAPI document", () => {
  it("is served at /api/v1/openapi.json from the Worker, with each operation's access", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json<{
      openapi: string;
      paths: Record<string, Record<string, { "x-access"?: string; requestBody?: unknown }>>;
    }>();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/v1/db/meta/tables/{tableId}/columns"]?.post?.["x-access"]).toBe("columnAdd");
    expect(doc.paths["/api/v1/db/meta/tables/{tableId}/columns"]?.post?.requestBody).toBeTruthy();
  });
});
