import type { Context } from "hono";
import type { AppEnv } from "../../types";
import { siteUrl } from "../site-url";
import { attachmentSecret, signValues } from "../../../db/files/signed-links";

/**
 * An answer of a row read with signed links on its uploads, for a caller the route's need(...)
 * has let read the rows. Without a secret (outside local mode) the items go out unsigned.
 */
export async function withSignedFiles<T>(c: Context<AppEnv>, data: T): Promise<T> {
  const secret = attachmentSecret(c.env);
  if (!secret) return data;
  // The origin is read only when an upload is found: most answers hold none (issue 14).
  return signValues(
    {
      secret,
      projectId: c.get("project").id,
      get origin() {
        return siteUrl(c);
      },
    },
    data,
  );
}
