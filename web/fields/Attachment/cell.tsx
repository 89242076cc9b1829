import { Paperclip } from "lucide-react";
import type { CellProps } from "../types";

/** The files' names (read-only: upload arrives in a later issue). */
export function AttachmentCell({ value }: CellProps) {
  const list = Array.isArray(value) ? value : [];
  if (list.length === 0) return null;
  return (
    <span className="flex min-w-0 gap-1 overflow-hidden">
      {list.map((file: { title?: unknown; path?: unknown; url?: unknown }, i) => (
        <span key={i} className="inline-flex max-w-40 shrink-0 items-center gap-1 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">
          <Paperclip aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{String(file.title ?? file.path ?? file.url ?? "")}</span>
        </span>
      ))}
    </span>
  );
}
