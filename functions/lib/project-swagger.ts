import { fieldType } from "../../db/fields/registry";
import type { ColumnJson } from "../../db/schema/shape";

/**
 * A project's data API (contract 5) as an OpenAPI 3.1 document: one set of operations per table,
 * with a row schema built from its fields. The JSON type of a field comes from its registry entry
 * (its SQLite storage and what `toApi` makes of a stored 1), so no list of type names lives here.
 */
interface TableDoc {
  id: string;
  title: string;
  columns: ColumnJson[];
}

type Schema = Record<string, unknown>;

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

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ content: { "application/json": { schema } } });
/** The list parameters of contract 5.1 (also in the instance's own document, functions/resources/openapi.ts). */
export const LIST_PARAMS = ["where", "sort", "fields", "limit", "offset"].map((name) => ({
  name,
  in: "query",
  required: false,
  schema: { type: name === "limit" || name === "offset" ? "integer" : "string" },
}));

/** A row list's keyset page (issue 36): the previous page's `pageInfo.cursor`. */
export const CURSOR_PARAM = {
  name: "cursor",
  in: "query",
  required: false,
  description: "The previous page's pageInfo.cursor: this page starts after its last row",
  schema: { type: "string" },
};

/** A page of rows (contract 5.1): `list` and `pageInfo`. */
export const pageOf = (row: Schema): Schema => ({
  type: "object",
  properties: {
    list: { type: "array", items: row },
    pageInfo: {
      type: "object",
      properties: {
        totalRows: { type: ["integer", "null"] },
        page: { type: "integer" },
        pageSize: { type: "integer" },
        isFirstPage: { type: "boolean" },
        isLastPage: { type: "boolean" },
        cursor: { type: ["string", "null"], description: "Where the next page starts (?cursor=); null at the end" },
      },
    },
  },
});

/** A schema name from a table title: letters and digits only, never empty. */
const schemaName = (t: TableDoc, i: number) => `${t.title.replace(/[^A-Za-z0-9]/g, "") || "Table"}_${i}`;

/** The table's NocoDB v2 record routes (resources/v2/records.ts): by table id, `Id` keys, `[{Id}]` bodies. */
function v2Paths(t: TableDoc, name: string, tags: string[]) {
  const records = `/api/v2/tables/${encodeURIComponent(t.id)}/records`;
  const ids = { description: "Record ids", ...json({ type: "array", items: ID_ITEM }) };
  const keyed = json({ type: "array", items: ID_ITEM });
  const recordId = [{ name: "recordId", in: "path", required: true, schema: { type: "string" } }];
  return {
    [records]: {
      get: {
        tags,
        operationId: `${name}_v2_list`,
        summary: `List ${t.title} records (v2)`,
        parameters: [...LIST_PARAMS, { name: "viewId", in: "query", schema: { type: "string" } }],
        responses: { 200: { description: "A page of records", ...json(pageOf(ref(name))) } },
      },
      post: {
        tags,
        operationId: `${name}_v2_create`,
        summary: `Insert ${t.title} records (v2)`,
        requestBody: json({ oneOf: [ref(name), { type: "array", items: ref(name) }] }),
        responses: { 200: ids },
      },
      patch: {
        tags,
        operationId: `${name}_v2_update`,
        summary: `Update ${t.title} records by Id (v2)`,
        requestBody: keyed,
        responses: { 200: ids },
      },
      delete: {
        tags,
        operationId: `${name}_v2_delete`,
        summary: `Delete ${t.title} records by Id (v2)`,
        requestBody: keyed,
        responses: { 200: ids },
      },
    },
    [`${records}/count`]: {
      get: {
        tags,
        operationId: `${name}_v2_count`,
        summary: `Count ${t.title} records (v2)`,
        parameters: LIST_PARAMS.slice(0, 1),
        responses: {
          200: { description: "The count", ...json({ type: "object", properties: { count: { type: "integer" } } }) },
        },
      },
    },
    [`${records}/{recordId}`]: {
      get: {
        tags,
        operationId: `${name}_v2_read`,
        summary: `Read a ${t.title} record (v2)`,
        parameters: recordId,
        responses: { 200: { description: "The record", ...json(ref(name)) } },
      },
    },
  };
}

const ID_ITEM = { type: "object", properties: { Id: { type: "integer" } }, required: ["Id"] };

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
