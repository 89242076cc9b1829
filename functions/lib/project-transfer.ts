import { readProjectZip } from "../../db/project/transfer-import";
import { MAX_PROJECT_ZIP_BYTES, type ImportReport } from "../../db/project/transfer-format";
import type { Env } from "../../realtime/env";
import { HttpError, badRequest } from "./http-error";
import { readCapped } from "../middleware/body-limit";
import { freeTitle, insertProject } from "../resources/projects/create";
import { newId } from "../../db/ids";
import type { ProjectRow } from "./projects";
import { projectRoom, unwrap } from "./room";

/**
 * Whole projects in and out (issue 35): the export's bytes, a .zip made into a new project, and
 * the purge of a deleted project. The .zip itself is made and read by the rooms
 * (realtime/room-transfer-requests.ts, db/project/transfer-*.ts).
 */

/** The project as a .zip, streamed as the room makes it. */
export async function exportStream(env: Env, project: ProjectRow) {
  return unwrap(
    projectRoom(env, project.id).transfer({
      op: "export",
      project: {
        id: project.id,
        title: project.title,
        description: project.description,
        color: project.color,
        meta: project.meta,
      },
    }),
  );
}

/** A stream's bytes, refused past the import limit. */
export const zipBytes = (stream: ReadableStream<Uint8Array>) => readCapped(stream, MAX_PROJECT_ZIP_BYTES, tooLargeZip);

export const tooLargeZip = () =>
  new HttpError(413, `A project file may be at most ${MAX_PROJECT_ZIP_BYTES / 1024 / 1024} MB`);

/**
 * A new project, owned by `ownerId`, holding what the .zip holds. The file is checked first
 * (nothing is made for a bad one); the project's row is made, then loaded by its room in one
 * transaction; if the load is refused, the row and anything the room kept are removed, so a bad
 * file never leaves a half-made project. `title` defaults to the exported project's, made unique.
 */
export async function importProject(
  env: Env,
  ownerId: string,
  zip: Uint8Array,
  title?: string,
): Promise<{ project: ProjectRow; report: ImportReport }> {
  if (zip.byteLength > MAX_PROJECT_ZIP_BYTES) throw tooLargeZip();
  let read;
  try {
    read = readProjectZip(zip);
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : "The file is not a project export");
  }
  const exported = read.json.project;
  const project = await insertProject(
    env.META,
    {
      id: newId("p_"),
      title: await freeTitle(env.META, title ?? exported?.title ?? "Imported project", ownerId),
      description: exported?.description ?? null,
      color: exported?.color ?? null,
      meta: exported?.meta ?? "{}",
      source: null,
    },
    ownerId,
    new Date().toISOString(),
  );
  let res;
  try {
    res = await projectRoom(env, project.id).transfer({ op: "import", zip });
  } catch (err) {
    // A fault of the room (not a refusal) leaves no project behind either.
    await purgeProject(env, project.id);
    throw err;
  }
  if (!res.ok) {
    await purgeProject(env, project.id);
    throw new HttpError(res.status as 400, res.msg);
  }
  return { project, report: res.data };
}

/** Bucket prefixes a project's files live under: its uploads and its snapshots. */
const prefixesOf = (projectId: string) => [`nc/uploads/noco/${projectId}/`, `snapshots/${projectId}/`];

async function removePrefix(bucket: R2Bucket, prefix: string) {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/**
 * A project gone for good: its room's storage emptied (schema, rows, history, pending work), its
 * files removed from the bucket, and its rows in the index (memberships, id index, shared views,
 * the project) deleted. Each step can be run again: a purge cut short is finished by the next.
 */
export async function purgeProject(env: Env, projectId: string): Promise<void> {
  await unwrap(projectRoom(env, projectId).transfer({ op: "purge" }));
  for (const prefix of prefixesOf(projectId)) await removePrefix(env.ATTACHMENTS, prefix);
  await env.META.batch([
    env.META.prepare("DELETE FROM meta_index WHERE project_id = ?").bind(projectId),
    env.META.prepare("DELETE FROM shared_views WHERE project_id = ?").bind(projectId),
    env.META.prepare("DELETE FROM project_users WHERE project_id = ?").bind(projectId),
    env.META.prepare("DELETE FROM projects WHERE id = ?").bind(projectId),
  ]);
}
