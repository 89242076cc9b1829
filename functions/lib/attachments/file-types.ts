/**
 * What the store accepts and how it serves it. Rules:
 * - Refused: programs and scripts a click would run on a visitor's computer, by extension, by
 *   declared type, or by content (Windows "MZ" and ELF headers), whatever the file is called.
 * - A missing or generic type is taken from the extension.
 * - Served inline (opened in the page): raster images, PDF, audio, video and plain text.
 *   Everything else downloads; HTML and SVG therefore never run in the app's origin.
 */
const REFUSED_EXTENSIONS = new Set([
  "exe",
  "msi",
  "msp",
  "com",
  "scr",
  "bat",
  "cmd",
  "pif",
  "cpl",
  "dll",
  "sys",
  "vbs",
  "vbe",
  "jse",
  "wsf",
  "wsh",
  "ps1",
  "psm1",
  "reg",
  "lnk",
  "hta",
  "jar",
  "apk",
  "app",
  "dmg",
  "pkg",
  "deb",
  "rpm",
  "sh",
  "run",
  "bin",
]);
const REFUSED_TYPES = new Set([
  "application/x-msdownload",
  "application/x-msdos-program",
  "application/x-ms-installer",
  "application/x-dosexec",
  "application/x-executable",
  "application/x-sh",
  "application/x-elf",
  "application/vnd.microsoft.portable-executable",
  "application/java-archive",
  "application/vnd.android.package-archive",
  "application/x-apple-diskimage",
]);

const BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  heic: "image/heic",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  md: "text/markdown",
  json: "application/json",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  zip: "application/zip",
  gz: "application/gzip",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

const INLINE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon)|application\/pdf|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain)$/;

/** The lower-case extension (letters and digits, at most 10), or "". */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : "";
}

export function mimeTypeOf(name: string, declared: string | undefined | null): string {
  const type = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== "application/octet-stream" && /^[\w.+-]+\/[\w.+-]+$/.test(type)) return type;
  return BY_EXTENSION[extensionOf(name)] ?? "application/octet-stream";
}

/** Why a file is refused, or null when it may be stored. `head` is its first bytes. */
export function refusal(name: string, mimetype: string, head: Uint8Array): string | null {
  const ext = extensionOf(name);
  const program =
    (head[0] === 0x4d && head[1] === 0x5a) ||
    (head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46);
  if (REFUSED_EXTENSIONS.has(ext) || REFUSED_TYPES.has(mimetype) || program) {
    return `${name}: programs and scripts (${ext ? `.${ext}` : mimetype}) cannot be attached`;
  }
  return null;
}

export const servedInline = (mimetype: string) => INLINE.test(mimetype);
