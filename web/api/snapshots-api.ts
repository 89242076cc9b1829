/** A project's snapshots (issue 35): list, take, restore as a new project or in place, delete. */
import type { Answer } from "./app-types";
import { wire } from "./wire";

const snapshots = "/api/v1/db/meta/projects/:projectId/snapshots";
const one = `${snapshots}/:snapshotId` as const;

export type SnapshotItem = Answer<typeof snapshots, "$get">["list"][number];

export const snapshotsApi = {
  list: (projectId: string) => wire.get(snapshots, { projectId }).then((r) => r.list),
  take: (projectId: string, title: string) => wire.post(snapshots, { projectId }, { title }),
  /** As a new project (`{project_id}` of the copy) or in place (after a safety snapshot). */
  restore: (projectId: string, snapshotId: string, asNewProject: boolean) =>
    wire.post(`${one}/restore`, { projectId, snapshotId }, { as_new_project: asNewProject }),
  remove: (projectId: string, snapshotId: string) => wire.del(one, { projectId, snapshotId }),
};
