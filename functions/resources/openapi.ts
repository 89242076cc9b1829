import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";
import { VERSION } from "../version";
import { CURSOR_PARAM, LIST_PARAMS, pageOf } from "../lib/swagger-parts";

/** Tag of an operation: the resource its path names after the API prefix. */
function tagOf(path: string): string {
  const rest = path
    .replace(/^\/api\/v1\/(db\/)?/, "")
    .split("/")
    .filter((s) => s && !s.startsWith(":") && !s.startsWith("{"));
  if (rest[0] === "meta" || rest[0] === "data" || rest[0] === "public") return `${rest[0]} ${rest[1] ?? ""}`.trim();
  return rest[0] ?? "misc";
}

type Operation = { operationId?: string; requestBody?: { content?: Record<string, { schema?: unknown }> } };
const SELF = "#/components/schemas/#";

/**
 * A recursive body (a filter's `children`) refers to its own root, which the generator leaves as
 * `#/components/schemas/#`; the body becomes a named component and the self-references point to it.
 */
function liftRecursiveBody(doc: { components?: { schemas?: Record<string, unknown> } }, op: Operation) {
  const media = op.requestBody?.content?.["application/json"];
  if (!media?.schema || !JSON.stringify(media.schema).includes(SELF)) return;
  const name = `${op.operationId ?? "Body"}Body`;
  const ref = `#/components/schemas/${name}`;
  const schema = JSON.parse(JSON.stringify(media.schema).split(SELF).join(ref));
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, [name]: schema };
  media.schema = { $ref: ref };
}

type DataOperation = { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> };

const DATA = "/api/v1/db/data/{orgs}/{projectName}/{tableName}";
const ROW = {
  type: "object",
  description:
    "A row: field titles to values (the project's own document, /api/v1/db/meta/projects/{projectId}/swagger.json, has each table's fields)",
};

/** The group-by read's own parameters (issue 37: date buckets, the footer's aggregates per group). */
const GROUP_PARAMS = [
  { name: "column_name", required: true, description: "The field to group by (column name or title)" },
  {
    name: "bucket",
    required: false,
    description: "A date field by its day, month or year",
    enum: ["day", "month", "year"],
  },
  {
    name: "aggregations",
    required: false,
    description:
      "The grid footer's aggregates per group (`Amount:sum,Status:count_unique`), answered as each group's `aggregates: [{column, type, value}]`",
  },
].map(({ enum: values, ...p }) => ({
  ...p,
  in: "query",
  schema: values ? { type: "string", enum: values } : { type: "string" },
}));

/**
 * Data reads (contract 5.1) with their list parameters and answers; the generator knows only
 * their paths. Each project's own document names the tables and their fields.
 */
function describeData(path: string, op: DataOperation) {
  const rest = path.startsWith(DATA) ? path.slice(DATA.length).replace(/^\/views\/\{viewName\}/, "") : null;
  if (rest === null) return;
  const lists =
    rest === "" || rest === "/find-one" || rest === "/groupby" || rest === "/export/csv" || rest === "/count";
  if (lists) {
    const given = new Set((op.parameters ?? []).map((p) => `${p.in}:${p.name}`));
    const params =
      rest === ""
        ? [...LIST_PARAMS, CURSOR_PARAM]
        : rest === "/groupby"
          ? [...LIST_PARAMS, ...GROUP_PARAMS]
          : LIST_PARAMS;
    op.parameters = [...(op.parameters ?? []), ...params.filter((p) => !given.has(`query:${p.name}`))];
  }
  const answer =
    rest === ""
      ? pageOf(ROW)
      : rest === "/count"
        ? { type: "object", properties: { count: { type: "integer" } } }
        : rest === "/{rowId}" || rest === "/find-one"
          ? ROW
          : null;
  if (answer) op.responses["200"] = { description: "OK", content: { "application/json": { schema: answer } } };
}

/** The instance's OpenAPI 3.1 document, generated from the app's routes (need(...) and body(...)). */
export async function openApiDocument(app: Hono<AppEnv>) {
  const doc = await generateSpecs(app, {
    documentation: {
      info: {
        title: "Gridbase API",
        version: VERSION,
        description: "NocoDB v1 compatible REST API (API-CONTRACT.md).",
      },
      components: {
        securitySchemes: {
          xcAuth: {
            type: "apiKey",
            in: "header",
            name: "xc-auth",
            description: "Session token from /api/v1/auth/user/signin",
          },
          xcToken: {
            type: "apiKey",
            in: "header",
            name: "xc-token",
            description: "API token: create one in a project's Team and access page (in the project header)",
          },
        },
      },
    },
    // Contract paths such as swagger.json are routes, not static files.
    excludeStaticFile: false,
    excludeMethods: [],
  });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (op && typeof op === "object" && !("$ref" in op) && "responses" in op) {
        const o = op as { tags?: string[]; responses: Record<string, { description?: string }> };
        o.tags ??= [tagOf(path)];
        for (const r of Object.values(o.responses)) r.description ??= "OK";
        liftRecursiveBody(doc, op as Operation);
        if (method === "get") describeData(path, op as DataOperation);
        o.responses["4XX"] ??= { description: 'Refused: `{"msg": ...}` (API-CONTRACT 1.4)' };
      }
    }
  }
  return doc;
}

/** Registers GET /api/v1/openapi.json on the app it documents. */
export function mountOpenApi(app: Hono<AppEnv>) {
  let cached: unknown;
  app.get("/api/v1/openapi.json", need("public"), async (c) => {
    cached ??= await openApiDocument(app);
    return c.json(cached);
  });
}
