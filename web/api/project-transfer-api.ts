/** Whole projects (issue 35): .zip export and import, duplicate, and the project trash. */
import { createApiClient } from "../lib/api-client";
import { session, tokenRefresher } from "../lib/auth";
import { i18n } from "../lib/i18n";
import { settings } from "../lib/settings";
import { wire } from "./wire";

const base = "/api/v1/db/meta/projects";
const byId = `${base}/:projectId` as const;

/** The trash list's key: under the projects' key, so whatever refreshes the projects refreshes it. */
export const projectTrashKey = ["projects", "trash"] as const;

/** The export's bytes, read with the app's session and 401 refresh (the answer is a .zip, not JSON). */
async function exportBlob(projectId: string): Promise<Blob> {
  let blob: Blob | null = null;
  const client = createApiClient({
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (res.ok) blob = await res.clone().blob();
      return res;
    },
    getToken: () => session.getToken(),
    getPreviewAs: () => settings.get().previewAs,
    getSharedBaseId: () => null,
    refreshSession: () => tokenRefresher.refreshSession(),
    fallbackMessage: () => i18n.t("msg.error.internal"),
  });
  await client.get(`${base}/${encodeURIComponent(projectId)}/export`);
  return blob ?? new Blob([]);
}

export const projectTransferApi = {
  exportBlob,
  importZip: (file: File, title?: string) => {
    const form = new FormData();
    form.append("file", file);
    return wire.post(`${base}/import`, {}, form, { query: { title: title || undefined } });
  },
  duplicate: (projectId: string, title: string) => wire.post(`${byId}/duplicate`, { projectId }, { title }),
  trash: () => wire.get(`${base}/trash`, {}),
  restore: (projectId: string) => wire.post(`${byId}/restore`, { projectId }, {}),
  purge: (projectId: string) => wire.del(`${byId}/purge`, { projectId }),
};
