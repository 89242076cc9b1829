import { Paperclip } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CellProps } from "../types";
import { iconOf, itemsOf, thumbSrc } from "./files";

/** Thumbnails of images and icons of other files; a grid never loads an original. */
export function AttachmentCell({ value, editable }: CellProps) {
  const { t } = useTranslation();
  const list = itemsOf(value);
  // An empty cell says how to fill it where the pointer or the selection is (a click opens the files).
  if (list.length === 0)
    return editable ? (
      <span
        data-testid="attachment-add-hint"
        className="invisible flex min-w-0 items-center gap-1 text-xs text-gray-400 group-hover/cell:visible group-aria-selected/cell:visible"
      >
        <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="truncate">{t("fields.attachment.addHint")}</span>
      </span>
    ) : null;
  const SHOWN = 6;
  return (
    <span
      className="flex min-w-0 items-center gap-1 overflow-hidden"
      aria-label={t("fields.attachment.files", { count: list.length })}
    >
      {list.slice(0, SHOWN).map((file, i) => {
        const thumb = thumbSrc(file);
        const Icon = iconOf(file);
        return thumb ? (
          <img
            key={i}
            src={thumb}
            alt={file.title}
            title={file.title}
            loading="lazy"
            decoding="async"
            data-testid="attachment-thumb"
            className="size-6 shrink-0 rounded border border-gray-200 object-cover"
          />
        ) : (
          <span
            key={i}
            title={file.title}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded border border-gray-200 bg-gray-50 text-gray-500"
          >
            <Icon aria-label={file.title} className="size-3.5" />
          </span>
        );
      })}
      {list.length > SHOWN ? (
        <span className="text-xs text-gray-500">{t("fields.attachment.more", { count: list.length - SHOWN })}</span>
      ) : null}
    </span>
  );
}
