import { badRequest } from "../../lib/http-error";
import { mimeTypeOf } from "../../lib/attachments/file-types";
import type { Ctx } from "../data/context";
import {
  MAX_FILE_BYTES,
  MAX_FILES,
  checkCount,
  checkFile,
  memberProgramRule,
  storeFiles,
  type Incoming,
} from "./store-files";

/**
 * `POST /storage/upload` (contract 7): multipart `files[]` or `files`. An image may come with its
 * browser-made thumbnail in `thumbnails[<i>]`, i being the file's place among the files.
 */
export async function upload(c: Ctx) {
  // Refuse an oversized body before reading it (a little room for the multipart framing).
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > MAX_FILES * MAX_FILE_BYTES + 1024 * 1024)
    throw badRequest(`The upload is above ${MAX_FILES} files of ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw badRequest("The upload must be multipart/form-data with files in files[] or files");
  }
  // The Workers typing reads every part as text; file parts are File objects at run time.
  const parts = (name: string) => form.getAll(name) as unknown as Array<File | string>;
  const files = [...parts("files[]"), ...parts("files")].filter((f): f is File => typeof f !== "string");
  checkCount(files.length);
  const incoming: Incoming[] = await Promise.all(
    files.map(async (f, i) => {
      const thumb = form.get(`thumbnails[${i}]`) as unknown as File | string | null;
      const title = f.name || `file-${i + 1}`;
      return {
        title,
        mimetype: mimeTypeOf(title, f.type),
        bytes: await f.arrayBuffer(),
        ...(thumb && typeof thumb !== "string"
          ? { thumbnail: { mimetype: mimeTypeOf("", thumb.type), bytes: await thumb.arrayBuffer() } }
          : {}),
      };
    }),
  );
  const programs = await memberProgramRule(c);
  incoming.forEach((f) => checkFile(f, programs));
  return c.json(await storeFiles(c, incoming));
}
