import { Hono } from "hono";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { download } from "./download";
import { upload } from "./upload";
import { uploadByUrl } from "./upload-by-url";

/** Attachments (contract 7): uploads into R2 and the signed download links that serve them. */
export const storage = new Hono<AppEnv>()
  .post("/api/v1/db/storage/upload", need("upload"), upload)
  .post("/api/v1/db/storage/upload-by-url", need("upload"), uploadByUrl)
  // Public by route: the signed link is the permission, checked in the handler.
  // A named catch-all (not "*") so the OpenAPI document lists the route as /download/{file}.
  .get("/download/:file{.+}", need("public"), download);
