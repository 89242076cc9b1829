/** Steps shared by the form specs: a form view made and shared through the API. */
import { expect, type APIRequestContext } from "@playwright/test";
import { authHeaders } from "./helpers";

const M = "/api/v1/db/meta";

/** A new form view of the table, shared: its id, its share's uuid and its question (form column) id per field title. */
export async function sharedForm(request: APIRequestContext, token: string, tableId: string, title: string) {
  const headers = authHeaders(token);
  const made = await request.post(`${M}/tables/${tableId}/forms`, { headers, data: { title } });
  expect(made.status(), await made.text()).toBe(200);
  const id = ((await made.json()) as { id: string }).id;
  const share = await request.post(`${M}/views/${id}/share`, { headers });
  expect(share.status(), await share.text()).toBe(200);
  const columns = (
    (await (await request.get(`${M}/tables/${tableId}`, { headers })).json()) as {
      columns: Array<{ id: string; title: string }>;
    }
  ).columns;
  const fcs = (
    (await (await request.get(`${M}/forms/${id}`, { headers })).json()) as {
      columns: Array<{ id: string; fk_column_id: string }>;
    }
  ).columns;
  const question = (field: string) =>
    fcs.find((x) => x.fk_column_id === columns.find((c) => c.title === field)?.id)!.id;
  return { id, uuid: ((await share.json()) as { uuid: string }).uuid, question };
}
