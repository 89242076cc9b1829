/**
 * Attachment items `{url?|path?, title, mimetype?, size?, icon?}`. Rules:
 * - An item needs a url (absolute http or https; script and data links refused) or a path
 *   (relative to the site, like `download/...`; no scheme, no ".." segment).
 * - A missing title is the last segment of the url or path. An uploaded image may name its
 *   browser-made `thumbnail` (a path like `path`). Other keys (signedUrl, ...) are dropped: they
 *   are derived, not data.
 * - A cell holds at most MAX_ATTACHMENTS_PER_CELL items unless the field sets its own maximum.
 * - Text is JSON (an array or one object), or else links separated by commas, newlines or spaces,
 *   each optionally written `title(url)` as the CSV export of other tools does.
 */
import type { Result } from "../types";
import { fail, ok, show } from "./result";
import { isHttpUrl } from "./urls";

export interface Attachment {
  url?: string;
  path?: string;
  title: string;
  mimetype?: string;
  size?: number;
  icon?: string;
  thumbnail?: string;
}

/** Per-cell and per-file limits (app info `ncMaxAttachmentsAllowed`, `ncAttachmentFieldSize`). */
export const MAX_ATTACHMENTS_PER_CELL = 10;
export const ATTACHMENT_FIELD_SIZE = 20 * 1024 * 1024;

const unsafePath = (path: string) =>
  /^[a-z][a-z0-9+.-]*:/i.test(path) || /(^|[/\\])\.\.([/\\]|$)/.test(path) || path.startsWith("//");

/** The `download/...` paths (originals and thumbnails) a stored cell value names, for clean-up. */
export function storedPaths(stored: string | number | null): string[] {
  if (typeof stored !== "string" || !stored.includes("download/")) return [];
  try {
    const items: unknown = JSON.parse(stored);
    if (!Array.isArray(items)) return [];
    const out: string[] = [];
    for (const it of items as Array<Record<string, unknown>>) {
      for (const ref of [it?.path, it?.thumbnail])
        if (typeof ref === "string" && ref.startsWith("download/") && !unsafePath(ref)) out.push(ref);
    }
    return out;
  } catch {
    return [];
  }
}

/**
 * storedPaths in SQL: the `path` and `thumbnail` texts anywhere in the cell's JSON (a superset of
 * storedPaths, so a check built on it keeps rather than removes); a cell that is not JSON names none.
 */
export function storedPathsSql(cell: string) {
  return {
    from: `json_tree(CASE WHEN json_valid(${cell}) THEN ${cell} ELSE 'null' END) AS _file`,
    where: `_file.key IN ('path', 'thumbnail') AND _file.type = 'text'`,
    path: "_file.value",
  };
}

const lastSegment = (ref: string) => decodeURIComponent(ref.split(/[?#]/)[0]?.split("/").filter(Boolean).pop() ?? ref);

function safeTitle(ref: string): string {
  try {
    return lastSegment(ref);
  } catch {
    return ref;
  }
}

export function normaliseAttachment(raw: unknown, index: number, column: string): Result<Attachment> {
  const where = `${column}: attachment ${index + 1}`;
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return fail(`${where} is not an object with a url or a path`);
  const { url, path, title, mimetype, size, icon, thumbnail } = raw as Record<string, unknown>;
  if (url !== undefined && url !== null && typeof url !== "string") return fail(`${where} has a url that is not text`);
  if (path !== undefined && path !== null && typeof path !== "string")
    return fail(`${where} has a path that is not text`);
  if (!url && !path) return fail(`${where} needs a url or a path`);
  if (url && !isHttpUrl(url))
    return fail(`${column}: ${show(url)} is not an allowed attachment URL (use http or https)`);
  if (path && unsafePath(path)) return fail(`${column}: ${show(path)} is not an allowed attachment path`);
  if (thumbnail !== undefined && thumbnail !== null && (typeof thumbnail !== "string" || unsafePath(thumbnail))) {
    return fail(`${where} has a thumbnail that is not an allowed path`);
  }
  if (title !== undefined && title !== null && typeof title !== "string")
    return fail(`${where} has a title that is not text`);
  if (mimetype !== undefined && mimetype !== null && typeof mimetype !== "string")
    return fail(`${where} has a mimetype that is not text`);
  if (size !== undefined && size !== null && (typeof size !== "number" || !(size >= 0)))
    return fail(`${where} has a size that is not a number of bytes`);
  const item: Attachment = {
    ...(url ? { url } : {}),
    ...(path ? { path } : {}),
    title: title || safeTitle(String(url || path)),
    ...(mimetype ? { mimetype } : {}),
    ...(typeof size === "number" ? { size } : {}),
    ...(typeof icon === "string" && icon ? { icon } : {}),
    ...(typeof thumbnail === "string" && thumbnail ? { thumbnail } : {}),
  };
  return ok(item);
}

/**
 * A cell's files as export text: `title(link)` entries joined with ", ", which attachmentsFromText
 * reads back. An upload's link is its path on the site's origin, noted in `uploads` so that the
 * HTTP layer can sign it (NocoDB's export writes the same host-qualified signed link); a link to
 * the web stays as it is.
 */
export function attachmentsText(stored: string | number, env: { origin: string; uploads?: Set<string> }): string {
  const { origin } = env;
  let items: unknown;
  try {
    items = JSON.parse(String(stored));
  } catch {
    return String(stored);
  }
  if (!Array.isArray(items)) return "";
  return items
    .map((raw) => {
      const f = (raw ?? {}) as { title?: unknown; url?: unknown; path?: unknown };
      if (typeof f.url === "string" && f.url) return `${String(f.title ?? "")}(${f.url})`;
      const path = String(f.path ?? "");
      env.uploads?.add(path);
      const link = origin ? `${origin}/${path}` : path;
      return `${String(f.title ?? "")}(${link})`;
    })
    .join(", ");
}

/** The items a text names (see the rules), or undefined when it is neither JSON nor links. */
export function attachmentsFromText(text: string): unknown[] | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) ? parsed : parsed && typeof parsed === "object" ? [parsed] : undefined;
    } catch {
      return undefined;
    }
  }
  const items: unknown[] = [];
  const link = /([^,\n()]*?)\s*\(([^()\s]+)\)|([^\s,()]+)/g;
  for (const m of trimmed.matchAll(link)) {
    const title = m[1]?.trim();
    items.push(title ? { url: m[2], title } : { url: m[2] ?? m[3] });
  }
  const leftover = trimmed.replace(link, "");
  return items.length > 0 && /^[\s,]*$/.test(leftover) ? items : undefined;
}

/**
 * Uploads live in the bucket under `nc/uploads/noco/<projectId>/...` and are named in cells as
 * `download/noco/<projectId>/...`. A path is this project's file only under its own prefix: a
 * cell naming another project's path gets no signed link and removes nothing.
 */
export function storageKey(path: string, projectId: string): string | null {
  const rest = path.split(/[?#]/)[0]!;
  if (!rest.startsWith(`download/noco/${projectId}/`) || unsafePath(rest)) return null;
  return `nc/uploads/${rest.slice("download/".length)}`;
}
