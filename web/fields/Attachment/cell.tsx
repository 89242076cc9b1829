import { useTranslation } from "react-i18next";
import type { CellProps } from "../types";
import { iconOf, itemsOf, thumbSrc } from "./files";

/** Thumbnails of images and icons of other files; a grid never loads an original. */
export function AttachmentCell({ value }: CellProps) {
  const { t } = useTranslation();
  const list = itemsOf(value);
  if (list.length === 0) return null;
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
