/** Whole projects (issue 35): .zip export and import, duplicate, and the project trash. */
import { getBlob } from "./get-blob";
import { wire } from "./wire";

const base = "/api/v1/db/meta/projects";
const byId = `${base}/:projectId` as const;

/** The trash list's key: under the projects' key, so whatever refreshes the projects refreshes it. */
export const projectTrashKey = ["projects", "trash"] as const;

/** The export's bytes (a .zip). */
const exportBlob = (projectId: string) => getBlob(`${base}/${encodeURIComponent(projectId)}/export`);

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
