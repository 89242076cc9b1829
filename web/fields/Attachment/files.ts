/**
 * Attachment items as the web sees them (API-CONTRACT 1.11 plus the signed links the API adds).
 * Rules: a file is shown through its signed path (same origin) or its web URL; a grid shows only
 * thumbnails, never originals; the derived keys are dropped before a write (the server drops
 * them too, this keeps edits small).
 */
import type { Attachment } from "../../../db/fields/common/attachments";
import {
  File as FileIcon,
  FileArchive,
  FileAudio,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  type LucideIcon,
} from "lucide-react";

/** The stored item (the registry's shape) plus the signed links the API adds to it. */
export interface AttachmentItem extends Attachment {
  signedPath?: string;
  signedUrl?: string;
  thumbnails?: { card?: { signedPath?: string; signedUrl?: string } };
}

export function itemsOf(value: unknown): AttachmentItem[] {
  return Array.isArray(value)
    ? value.filter(
        (v): v is AttachmentItem => !!v && typeof v === "object" && typeof (v as AttachmentItem).title === "string",
      )
    : [];
}

/** The stored part of an item: what a write sends. */
export function stripDerived({
  signedPath: _p,
  signedUrl: _u,
  thumbnails: _t,
  ...item
}: AttachmentItem): AttachmentItem {
  return item;
}

const abs = (signedPath: string | undefined) => (signedPath ? `/${signedPath}` : undefined);

/** Where the whole file opens: its signed link, or its web URL. */
export const fileSrc = (item: AttachmentItem) => abs(item.signedPath) ?? item.url;

/**
 * Where the preview frame opens the file: an upload's signed link asks to be shown inline (the
 * server then lets the app's own pages frame it; a plain link downloads); a web URL as it is.
 */
export const previewSrc = (item: AttachmentItem) => (item.signedPath ? `${abs(item.signedPath)}&inline=1` : item.url);

/** The small picture a grid shows: the upload's thumbnail, or a web image itself. */
export const thumbSrc = (item: AttachmentItem) =>
  abs(item.thumbnails?.card?.signedPath) ?? (item.url && isImage(item) ? item.url : undefined);

const typeOf = (item: AttachmentItem) => (item.mimetype ?? "").toLowerCase();
const extOf = (item: AttachmentItem) =>
  /\.([a-z0-9]+)$/i.exec(item.title || item.path || item.url || "")?.[1]?.toLowerCase() ?? "";

export const isImage = (item: AttachmentItem) =>
  typeOf(item).startsWith("image/") ||
  ["png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "svg"].includes(extOf(item));
export const isPdf = (item: AttachmentItem) => typeOf(item) === "application/pdf" || extOf(item) === "pdf";
export const canPreview = (item: AttachmentItem) => (isImage(item) || isPdf(item)) && Boolean(fileSrc(item));

export function iconOf(item: AttachmentItem): LucideIcon {
  const t = typeOf(item);
  const ext = extOf(item);
  if (isImage(item)) return FileImage;
  if (t.startsWith("video/")) return FileVideo;
  if (t.startsWith("audio/")) return FileAudio;
  if (/zip|compressed|tar|gzip/.test(t) || ["zip", "gz", "tar", "7z", "rar"].includes(ext)) return FileArchive;
  if (/sheet|excel|csv/.test(t) || ["xls", "xlsx", "csv", "ods"].includes(ext)) return FileSpreadsheet;
  if (t.startsWith("text/") || /pdf|word|document/.test(t) || ["pdf", "doc", "docx", "txt", "md"].includes(ext))
    return FileText;
  return FileIcon;
}

/** Moves the item at `from` to `to` (reordering with the keyboard or by dragging). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [it] = next.splice(from, 1);
  next.splice(to, 0, it!);
  return next;
}

/** Keeps the extension when a file is renamed without one. */
export function renamed(item: AttachmentItem, title: string): AttachmentItem {
  const clean = title.trim();
  if (!clean) return item;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(item.title)?.[0];
  return { ...item, title: ext && !/\.[A-Za-z0-9]{1,10}$/.test(clean) ? `${clean}${ext}` : clean };
}

export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
