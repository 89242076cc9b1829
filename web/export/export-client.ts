/**
 * Export calls (API-CONTRACT 5.4, 5.1): the same session, headers and 401 refresh as the app's
 * client, but the CSV batch is read with its `nc-export-offset` header and as plain text.
 */
import { createApiClient } from "../lib/api-client";
import { session, tokenRefresher } from "../lib/auth";
import { i18n } from "../lib/i18n";
import { getRouteParams, sharedBaseIdFrom } from "../lib/route-context";
import { settings } from "../lib/settings";
import { wire } from "../api/wire";

const enc = encodeURIComponent;

export interface ViewRef {
  projectId: string;
  tableId: string;
  viewId: string;
}

const viewPath = (v: ViewRef) => `/api/v1/db/data/noco/${enc(v.projectId)}/${enc(v.tableId)}/views/${enc(v.viewId)}`;

export interface CsvBatch {
  text: string;
  /** The next offset, or -1 when the data ends. */
  next: number;
}

export async function fetchCsvBatch(view: ViewRef, offset: number, signal?: AbortSignal): Promise<CsvBatch> {
  let batch: CsvBatch = { text: "", next: -1 };
  const client = createApiClient({
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (res.ok) batch = { text: await res.clone().text(), next: Number(res.headers.get("nc-export-offset") ?? -1) };
      return res;
    },
    getToken: () => session.getToken(),
    getPreviewAs: () => settings.get().previewAs,
    getSharedBaseId: () => sharedBaseIdFrom(getRouteParams()),
    refreshSession: () => tokenRefresher.refreshSession(),
    fallbackMessage: () => i18n.t("msg.error.internal"),
  });
  await client.get(`${viewPath(view)}/export/csv`, { query: { offset }, signal });
  return batch;
}

const viewRows = "/api/v1/db/data/:orgs/:projectName/:tableName/views/:viewName";
const viewParams = (v: ViewRef) => ({
  orgs: "noco",
  projectName: v.projectId,
  tableName: v.tableId,
  viewName: v.viewId,
});

export const countRows = (view: ViewRef, signal?: AbortSignal) =>
  wire.get(`${viewRows}/count`, viewParams(view), { signal }).then((r) => r.count);

export const listPage = (view: ViewRef, offset: number, limit: number, signal?: AbortSignal) =>
  wire.get(viewRows, viewParams(view), { query: { limit, offset }, signal });
