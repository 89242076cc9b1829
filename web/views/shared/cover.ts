/**
 * The image a gallery or kanban card shows on top: the first image of an Attachment cell.
 * Rules (so it works with signed URLs and thumbnails or with plain stored items):
 * - the value is a list of items, or its JSON text;
 * - an item is an image when its mimetype starts with image/, or, without one, its name or path
 *   ends in a picture extension;
 * - its address is the card thumbnail's signed link, else the file's (`signedUrl`, else
 *   `signedPath`: the room's broadcasts carry only that), else `url`, else `path` (a stored path
 *   is served by the app under /, only where files go out unsigned: no secret set).
 */
const PICTURE = /\.(png|jpe?g|gif|webp|avif|svg|bmp)(\?|$)/i;

interface Item {
  mimetype?: unknown;
  title?: unknown;
  path?: unknown;
  url?: unknown;
  signedUrl?: unknown;
  signedPath?: unknown;
  thumbnails?: { card?: { signedUrl?: unknown; signedPath?: unknown } } | null;
}

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

function items(value: unknown): Item[] {
  let list = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? (list.filter((x) => x && typeof x === "object") as Item[]) : [];
}

function isImage(item: Item): boolean {
  const type = text(item.mimetype);
  if (type) return type.startsWith("image/");
  return [item.title, item.path, item.url].some((x) => typeof x === "string" && PICTURE.test(x));
}

export function coverUrl(value: unknown): string | null {
  const item = items(value).find(isImage);
  if (!item) return null;
  const rooted = (p: string | null) => (p ? (p.startsWith("/") ? p : `/${p}`) : null);
  return (
    text(item.thumbnails?.card?.signedUrl) ??
    rooted(text(item.thumbnails?.card?.signedPath)) ??
    text(item.signedUrl) ??
    rooted(text(item.signedPath)) ??
    text(item.url) ??
    rooted(text(item.path))
  );
}

/** How a cover image fills its box, per view (`meta.coverFit`): cut to fill, or whole with bands. */
export type CoverFit = "crop" | "fit";
export const COVER_FITS: readonly CoverFit[] = ["crop", "fit"];

export function coverFitOf(metaText: string | null | undefined): CoverFit {
  try {
    const meta = JSON.parse(metaText || "{}") as { coverFit?: unknown };
    return meta.coverFit === "fit" ? "fit" : "crop";
  } catch {
    return "crop";
  }
}
