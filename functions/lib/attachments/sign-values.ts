import { storageKey } from "../../../db/fields/common/attachments";
import { signPath } from "./signing";

/**
 * Adds signed links to the attachment items of an API answer (rows, pages, lookups of
 * attachments): `signedPath` and `signedUrl` for the file, and `thumbnails.card` for an image's
 * thumbnail. An item is `{path: "download/...", title}` naming this project's own upload;
 * anything else (links to the web, other projects' paths) is left as it is.
 */
export interface SignContext {
  secret: string;
  projectId: string;
  /** The public origin, for absolute URLs. */
  origin: string;
}

type Item = Record<string, unknown> & { path: string; title: string };

const isUpload = (v: unknown, projectId: string): v is Item =>
  !!v && typeof v === "object" && typeof (v as Item).path === "string" && typeof (v as Item).title === "string" && storageKey((v as Item).path, projectId) !== null;

async function signItem(ctx: SignContext, item: Item): Promise<Item> {
  const signedPath = await signPath(ctx.secret, item.path);
  const out: Item = { ...item, signedPath, signedUrl: `${ctx.origin}/${signedPath}` };
  if (typeof item.thumbnail === "string" && storageKey(item.thumbnail, ctx.projectId)) {
    const thumb = await signPath(ctx.secret, item.thumbnail);
    out.thumbnails = { card: { signedPath: thumb, signedUrl: `${ctx.origin}/${thumb}` } };
  }
  return out;
}

/**
 * Signs every upload item inside `value`, in place (the value is the room's answer, owned by
 * this request), and returns it. Depth-limited: values are at most rows holding lists of lists.
 */
export async function signValues<T>(ctx: SignContext, value: T): Promise<T> {
  const pending: Array<Promise<void>> = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        if (isUpload(item, ctx.projectId)) pending.push(signItem(ctx, item).then((signed) => void (v[i] = signed)));
        else walk(item, depth + 1);
      });
      return;
    }
    for (const inner of Object.values(v)) if (inner !== null && typeof inner === "object") walk(inner, depth + 1);
  };
  walk(value, 0);
  await Promise.all(pending);
  return value;
}
