import { isLink } from "../../db/fields/registry";
import { ID_ITEM, LIST_PARAMS, json, pageOf, ref, type Schema, type TableDoc } from "./swagger-parts";

/**
 * A table's NocoDB v2 routes (functions/resources/v2/) in its project's OpenAPI document: by
 * table id, `Id` keys, `[{Id}]` bodies; the link routes once per link field of the table, by its
 * id; the aggregates and the bulk reads.
 */

const VIEW_ID = { name: "viewId", in: "query", required: false, schema: { type: "string" } };
const AGGREGATION = {
  name: "aggregation",
  in: "query",
  required: true,
  description: 'JSON: [{"field": <field id or title>, "type": "sum" | "avg" | "min" | "max" | "count" | ...}]',
  schema: { type: "string" },
};
const FILTER_ARR = { name: "filterArrJson", in: "query", required: false, schema: { type: "string" } };
const NUMBERS: Schema = { type: "object", additionalProperties: { type: ["number", "null"] } };
const bulkBody = (extra: Schema) =>
  json({
    type: "array",
    items: { type: "object", properties: { alias: { type: "string" }, ...extra }, required: ["alias"] },
  });
const byAlias = (value: Schema) => ({
  description: "Each item's answer under its alias",
  ...json({ type: "object", additionalProperties: value }),
});

function recordPaths(t: TableDoc, name: string, tags: string[], records: string) {
  const ids = { description: "Record ids", ...json({ type: "array", items: ID_ITEM }) };
  const keyed = json({ type: "array", items: ID_ITEM });
  const recordId = [{ name: "recordId", in: "path", required: true, schema: { type: "string" } }];
  const byIds = (verb: string, summary: string) => ({
    tags,
    operationId: `${name}_v2_${verb}`,
    summary,
    requestBody: keyed,
    responses: { 200: ids },
  });
  return {
    [records]: {
      get: {
        tags,
        operationId: `${name}_v2_list`,
        summary: `List ${t.title} records (v2)`,
        parameters: [...LIST_PARAMS, VIEW_ID],
        responses: { 200: { description: "A page of records", ...json(pageOf(ref(name))) } },
      },
      post: {
        tags,
        operationId: `${name}_v2_create`,
        summary: `Insert ${t.title} records (v2)`,
        requestBody: json({ oneOf: [ref(name), { type: "array", items: ref(name) }] }),
        responses: { 200: ids },
      },
      patch: byIds("update", `Update ${t.title} records by Id (v2)`),
      delete: byIds("delete", `Delete ${t.title} records by Id (v2)`),
    },
    [`${records}/count`]: {
      get: {
        tags,
        operationId: `${name}_v2_count`,
        summary: `Count ${t.title} records (v2)`,
        parameters: [...LIST_PARAMS.slice(0, 1), VIEW_ID],
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

/** One link field's routes: its linked records, and linking or unlinking a list of them in one change. */
function linkPaths(t: TableDoc, name: string, tags: string[], base: string) {
  const paths: Record<string, unknown> = {};
  t.columns
    .filter((c) => isLink(c.uidt))
    .forEach((c, i) => {
      const op = `${name}_v2_link${i}`;
      const recordId = [{ name: "recordId", in: "path", required: true, schema: { type: "string" } }];
      const records = json({ oneOf: [ID_ITEM, { type: "array", items: ID_ITEM }] });
      const done = { description: "true", ...json({ type: "boolean" }) };
      paths[`${base}/links/${encodeURIComponent(c.id || c.title)}/records/{recordId}`] = {
        get: {
          tags,
          operationId: `${op}_list`,
          summary: `List the records ${t.title}.${c.title} links to (v2)`,
          parameters: [...recordId, ...LIST_PARAMS],
          responses: { 200: { description: "A page of linked records", ...json(pageOf({ type: "object" })) } },
        },
        post: {
          tags,
          operationId: `${op}_add`,
          summary: `Link records through ${t.title}.${c.title}, all or none (v2)`,
          parameters: recordId,
          requestBody: records,
          responses: { 201: done, 404: { description: "A record named is not there (nothing linked)" } },
        },
        delete: {
          tags,
          operationId: `${op}_remove`,
          summary: `Unlink records from ${t.title}.${c.title}, all or none (v2)`,
          parameters: recordId,
          requestBody: records,
          responses: { 200: done, 404: { description: "A record named is not there (nothing unlinked)" } },
        },
      };
    });
  return paths;
}

/** The aggregates (one and by alias) and the bulk reads of pages and groups. */
function readPaths(t: TableDoc, name: string, tags: string[], base: string) {
  const filters = { where: { type: "string" } };
  return {
    [`${base}/aggregate`]: {
      get: {
        tags,
        operationId: `${name}_v2_aggregate`,
        summary: `Aggregate ${t.title} fields (v2), keyed by field title`,
        parameters: [AGGREGATION, ...LIST_PARAMS.slice(0, 1), FILTER_ARR, VIEW_ID],
        responses: { 200: { description: "The values by field title", ...json(NUMBERS) } },
      },
    },
    [`${base}/bulk/aggregate`]: {
      post: {
        tags,
        operationId: `${name}_v2_bulkAggregate`,
        summary: `Aggregate ${t.title} fields under several filters (v2), keyed by field id`,
        parameters: [AGGREGATION, ...LIST_PARAMS.slice(0, 1), FILTER_ARR, VIEW_ID],
        requestBody: bulkBody({ ...filters, filterArrJson: { type: ["string", "array"] } }),
        responses: { 201: byAlias(NUMBERS) },
      },
    },
    [`${base}/bulk/dataList`]: {
      post: {
        tags,
        operationId: `${name}_v2_bulkList`,
        summary: `Several pages of ${t.title} records at once (v2)`,
        parameters: [VIEW_ID],
        requestBody: bulkBody({
          ...filters,
          sort: { type: "string" },
          fields: { type: "string" },
          limit: { type: "integer" },
          offset: { type: "integer" },
        }),
        responses: { 201: byAlias(pageOf(ref(name))) },
      },
    },
    [`${base}/bulk/group`]: {
      post: {
        tags,
        operationId: `${name}_v2_bulkGroup`,
        summary: `Several groupings of ${t.title} records at once (v2): counts per value`,
        parameters: [VIEW_ID],
        requestBody: bulkBody({ ...filters, column_name: { type: "string" }, limit: { type: "integer" } }),
        responses: { 201: byAlias(pageOf({ type: "object" })) },
      },
    },
  };
}

export function v2Paths(t: TableDoc, name: string, tags: string[]) {
  const base = `/api/v2/tables/${encodeURIComponent(t.id)}`;
  return {
    ...recordPaths(t, name, tags, `${base}/records`),
    ...linkPaths(t, name, tags, base),
    ...readPaths(t, name, tags, base),
  };
}
