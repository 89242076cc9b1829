import type { ColumnJson } from "../../db/schema/shape";

/** The pieces both halves of a project's OpenAPI document use (project-swagger.ts, project-swagger-v2.ts). */
export interface TableDoc {
  id: string;
  title: string;
  columns: ColumnJson[];
}

export type Schema = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Schema) => ({ content: { "application/json": { schema } } });

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

export const ID_ITEM = { type: "object", properties: { Id: { type: "integer" } }, required: ["Id"] };
