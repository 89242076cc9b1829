import { fieldType } from "../../db/fields/registry";
import type { ColumnJson } from "../../db/schema/shape";
import { v2Paths } from "./project-swagger-v2";
import { CURSOR_PARAM, LIST_PARAMS, json, pageOf, ref, type Schema, type TableDoc } from "./swagger-parts";

/**
 * A project's data API (contract 5) as an OpenAPI 3.1 document: one set of operations per table,
 * with a row schema built from its fields. The JSON type of a field comes from its registry entry
 * (its SQLite storage and what `toApi` makes of a stored 1), so no list of type names lives here.
 */
function fieldSchema(c: ColumnJson): Schema {
  const type = fieldType(c.uidt);
  const base: Schema = { "x-uidt": c.uidt, description: `${c.title} (${c.uidt})` };
  if (!type || type.virtual) return { ...base, readOnly: true };
  const options = type.options.safeParse({}).data ?? {};
  const storage = type.storage("sqlite", options) ?? "";
  let json: string = /INT|REAL|NUM|DEC/i.test(storage) ? "number" : "string";
  try {
    if (typeof type.toApi(1, { title: c.title, options }) === "boolean") json = "boolean";
  } catch {
    // A type that cannot read a bare 1 keeps the storage's JSON type.
  }
  return { ...base, type: [json, "null"], ...(c.ai || c.system ? { readOnly: true } : {}) };
}

/** A schema name from a table title: letters and digits only, never empty. */
const schemaName = (t: TableDoc, i: number) => `${t.title.replace(/[^A-Za-z0-9]/g, "") || "Table"}_${i}`;

export function projectSwagger(project: { id: string; title: string }, tables: TableDoc[], serverUrl: string) {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, Schema> = {};
  tables.forEach((t, i) => {
    const name = schemaName(t, i);
    const properties = Object.fromEntries(t.columns.map((c) => [c.title, fieldSchema(c)]));
    schemas[name] = { type: "object", title: t.title, properties };
    const base = `/api/v1/db/data/noco/${encodeURIComponent(project.id)}/${encodeURIComponent(t.title)}`;
    const tags = [t.title];
    const row = { 200: { description: "The row", ...json(ref(name)) } };
    const rowId = [{ name: "rowId", in: "path", required: true, schema: { type: "string" } }];
    paths[base] = {
      get: {
        tags,
        operationId: `${name}_list`,
        summary: `List ${t.title} rows`,
        parameters: [...LIST_PARAMS, CURSOR_PARAM],
        responses: { 200: { description: "A page of rows", ...json(pageOf(ref(name))) } },
      },
      post: {
        tags,
        operationId: `${name}_create`,
        summary: `Insert a ${t.title} row`,
        requestBody: json(ref(name)),
        responses: row,
      },
    };
    paths[`${base}/count`] = {
      get: {
        tags,
        operationId: `${name}_count`,
        summary: `Count ${t.title} rows`,
        parameters: LIST_PARAMS.slice(0, 1),
        responses: {
          200: { description: "The count", ...json({ type: "object", properties: { count: { type: "integer" } } }) },
        },
      },
    };
    paths[`${base}/{rowId}`] = {
      get: { tags, operationId: `${name}_read`, summary: `Read a ${t.title} row`, parameters: rowId, responses: row },
      patch: {
        tags,
        operationId: `${name}_update`,
        summary: `Update a ${t.title} row`,
        parameters: rowId,
        requestBody: json(ref(name)),
        responses: row,
      },
      delete: {
        tags,
        operationId: `${name}_delete`,
        summary: `Delete a ${t.title} row`,
        parameters: rowId,
        responses: { 200: { description: "Rows deleted" } },
      },
    };
    paths[`/api/v1/db/data/bulk/noco/${encodeURIComponent(project.id)}/${encodeURIComponent(t.title)}`] = {
      post: {
        tags,
        operationId: `${name}_bulkCreate`,
        summary: `Insert many ${t.title} rows`,
        requestBody: json({ type: "array", items: ref(name) }),
        responses: { 200: { description: "The new rows' ids" } },
      },
    };
    Object.assign(paths, v2Paths(t, name, tags));
  });
  return {
    openapi: "3.1.0",
    info: {
      title: `${project.title} — REST API`,
      version: "1.0.0",
      description: "Send an API token (account → API tokens) in the xc-token header.",
    },
    servers: [{ url: serverUrl }],
    security: [{ xcToken: [] }, { xcAuth: [] }],
    tags: tables.map((t) => ({ name: t.title })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        xcToken: { type: "apiKey", in: "header", name: "xc-token" },
        xcAuth: { type: "apiKey", in: "header", name: "xc-auth" },
      },
    },
  };
}
