import { Hono, type Context } from "hono";
import { z } from "zod";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { currentUser } from "../../lib/session";
import { badRequest } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import { jsonBody, parseOrThrow } from "../../lib/validate";
import { exportStream, importProject, zipBytes } from "../../lib/project-transfer";
import { projectJson } from "./shape";
import { titleSchema } from "./schemas";

const duplicateSchema = z.object({ title: titleSchema.optional() });

/** A file name for the download: the title without characters file systems refuse. */
const fileName = (title: string) =>
  `${
    [...title]
      .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? "_" : ch))
      .join("")
      .trim() || "project"
  }.zip`;

/** The .zip of an import: the `file` part of a multipart body, or the body itself. */
async function uploadedZip(c: Context<AppEnv>): Promise<Uint8Array> {
  const type = c.req.header("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File)) throw badRequest("file: attach the project's .zip as the form's `file`");
    return new Uint8Array(await file.arrayBuffer());
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (!bytes.byteLength) throw badRequest("The request holds no file: send the project's .zip");
  return bytes;
}

/**
 * Whole projects as a .zip (issue 35, db/project/transfer-format.ts): export, import as a new
 * project owned by the caller, and duplicate (export and import on the server, one request).
 * Mounted before the project routes: `/import` is not a project id.
 */
export const projectTransfer = new Hono<AppEnv>()
  .post("/import", need("projectImport"), async (c) => {
    const title = c.req.query("title");
    if (title !== undefined) parseOrThrow(titleSchema, title);
    const user = (await currentUser(c))!;
    const { project, report } = await importProject(c.env, user.id, await uploadedZip(c), title);
    return c.json({ ...projectJson(project, { roles: "owner", withBases: true, showShare: true }), import: report });
  })
  .get("/:projectId/export", need("projectExport"), async (c) => {
    const project = c.get("project");
    const { stream } = await exportStream(c.env, project);
    return new Response(stream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(fileName(project.title))}`,
        "cache-control": "no-store",
      },
    });
  })
  .post("/:projectId/duplicate", need("projectDuplicate"), body(duplicateSchema), async (c) => {
    const input = await jsonBody(c, duplicateSchema);
    const source = c.get("project");
    const user = (await currentUser(c))!;
    const { stream } = await exportStream(c.env, source);
    const { project, report } = await importProject(
      c.env,
      user.id,
      await zipBytes(stream),
      input.title ?? `${source.title} copy`,
    );
    return c.json({ ...projectJson(project, { roles: "owner", withBases: true, showShare: true }), import: report });
  });
