import { z } from "zod";
import { addressRule } from "../../../db/net/public-address";
import { badRequest } from "../../lib/http-error";
import { readJson } from "../../lib/validate";
import { FetchRefused, fetchPublic } from "../../lib/attachments/fetch-public";
import { mimeTypeOf } from "../../lib/attachments/file-types";
import type { Ctx } from "../data/context";
import { MAX_FILE_BYTES, checkCount, checkFile, memberProgramRule, storeFiles, type Incoming } from "./store-files";

/** How long one upload-by-url request may spend downloading, all files together. */
export const FETCH_TIMEOUT_MS = 15_000;

const body = z.array(
  z.looseObject({ url: z.string().min(1), fileName: z.string().optional(), mimetype: z.string().optional() }),
);

const nameOf = (url: URL) => decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() ?? "") || url.hostname;

/**
 * `POST /storage/upload-by-url` (contract 7): `[{url, fileName?, mimetype?}]`. Each file is
 * downloaded by the Worker (public addresses only outside local mode, capped, timed) and stored
 * like an upload, so it stays private and keeps working when the source goes away.
 */
export async function uploadByUrl(c: Ctx) {
  const parsed = body.safeParse(await readJson(c));
  if (!parsed.success) throw badRequest("The body must be a list of {url, fileName?, mimetype?}");
  checkCount(parsed.data.length);
  const rule = addressRule(c.env);
  const incoming: Incoming[] = await Promise.all(
    parsed.data.map(async (item) => {
      try {
        const got = await fetchPublic(item.url, {
          fetch: (u, i) => fetch(u, i),
          rule,
          maxBytes: MAX_FILE_BYTES,
          timeoutMs: FETCH_TIMEOUT_MS,
        });
        const title = item.fileName || nameOf(got.url);
        const bytes = got.bytes.buffer.slice(
          got.bytes.byteOffset,
          got.bytes.byteOffset + got.bytes.byteLength,
        ) as ArrayBuffer;
        return { title, mimetype: mimeTypeOf(title, item.mimetype || got.contentType), bytes };
      } catch (err) {
        if (err instanceof FetchRefused) throw badRequest(err.message);
        throw err;
      }
    }),
  );
  const programs = await memberProgramRule(c);
  incoming.forEach((f) => checkFile(f, programs));
  return c.json(await storeFiles(c, incoming));
}
