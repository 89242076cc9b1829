import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openApiDocument } from "./openapi";

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}").replace(/\/$/, "") || "/";

type Operation = {
  "x-access"?: string;
  parameters?: Array<{ name: string; in: string }>;
  responses?: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

describe("OpenAPI document", async () => {
  const app = createApp();
  const doc = (await openApiDocument(app)) as { paths: Record<string, Record<string, Operation>> };

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(doc) as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("lists every registered route with the access it declares", () => {
    const missing: string[] = [];
    for (const r of app.routes) {
      // Middleware (ALL ...*) and the SPA fallback for app pages (GET /*) are not API operations.
      if ((r.method === "ALL" && r.path.endsWith("*")) || r.path === "/*") continue;
      const op = doc.paths[toOpenApiPath(r.path)]?.[r.method.toLowerCase()];
      if (!op?.["x-access"]) missing.push(`${r.method} ${r.path}`);
    }
    expect(missing).toEqual([]);
    expect(doc.paths["/api/v1/db/meta/projects/{projectId}/tables"]?.post?.["x-access"]).toBe("tableCreate");
    expect(doc.paths["/api/v1/health"]?.get?.["x-access"]).toBe("public");
  });

  it("describes bodies from the zod schemas the handlers validate with", () => {
    const signup = doc.paths["/api/v1/auth/user/signup"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(signup?.properties ?? {})).toEqual(expect.arrayContaining(["email", "password"]));
    const invite =
      doc.paths["/api/v1/db/meta/projects/{projectId}/users"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(invite?.properties ?? {})).toContain("email");
  });

  it("documents the data routes' list parameters and answers (issue 42: they had none)", () => {
    const data = "/api/v1/db/data/{orgs}/{projectName}/{tableName}";
    const list = doc.paths[data]?.get;
    const query = (op?: Operation) => (op?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    expect(query(list)).toEqual(expect.arrayContaining(["where", "sort", "fields", "limit", "offset"]));
    expect(query(doc.paths[`${data}/views/{viewName}`]?.get)).toContain("where");
    expect(Object.keys(list?.responses?.["200"]?.content?.["application/json"]?.schema.properties ?? {})).toEqual([
      "list",
      "pageInfo",
    ]);
    expect(
      doc.paths[`${data}/count`]?.get?.responses?.["200"]?.content?.["application/json"]?.schema.properties,
    ).toHaveProperty("count");
    expect(doc.paths[`${data}/{rowId}`]?.get?.responses?.["200"]).toBeDefined();
    expect(query(doc.paths[`${data}/{rowId}`]?.patch)).not.toContain("where");
  });
});
