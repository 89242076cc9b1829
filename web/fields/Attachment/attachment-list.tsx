import { ArrowDown, ArrowUp, Download, Pencil, Trash2, Upload } from "lucide-react";
import { useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/ui/icon-button";
import { useAppInfo } from "../../lib/app-info";
import { notify } from "../../lib/toast";
import { canPreview, fileSrc, formatSize, iconOf, moveItem, renamed, thumbSrc, type AttachmentItem } from "./files";
import { Lightbox } from "./lightbox";
import { UploadError, uploadFiles } from "./upload";

export interface AttachmentListProps {
  items: AttachmentItem[];
  onChange(items: AttachmentItem[]): void;
  /** `noco/<project>/<table>/<field>` (upload.ts uploadFolder). */
  folder: string;
  /** The field's name, for labels. */
  label: string;
  readOnly?: boolean;
  /** The field's own maximum; app info's `ncMaxAttachmentsAllowed` otherwise. */
  maxFiles?: number;
}

/**
 * The attachment editor's body, shared by the grid's editor, the expanded record, gallery covers
 * and forms: drop, paste an image, or pick files (with progress); rename, reorder (buttons or
 * dragging), remove (with undo), download, and preview images and PDFs. Every control is a
 * button or a link, so all of it works from the keyboard.
 */
export function AttachmentList({ items, onChange, folder, label, readOnly = false, maxFiles }: AttachmentListProps) {
  const { t } = useTranslation();
  const max = maxFiles ?? useAppInfo().data?.ncMaxAttachmentsAllowed ?? 10;
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ count: number; fraction: number } | null>(null);
  const [over, setOver] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  // Undo of the last removal sits in the list: a toast outside the dialog would close it.
  const [removed, setRemoved] = useState<{ title: string; before: AttachmentItem[] } | null>(null);
  // The latest list, for answers that arrive after other changes (uploads, undo).
  const latest = useRef(items);
  latest.current = items;

  async function add(files: File[]) {
    if (readOnly || files.length === 0 || uploading) return;
    if (latest.current.length + files.length > max) {
      notify.error(t("fields.attachment.tooMany", { max }), "attachment-limit");
      return;
    }
    setUploading({ count: files.length, fraction: 0 });
    try {
      const added = await uploadFiles(files, folder, (fraction) => setUploading({ count: files.length, fraction }));
      change([...latest.current, ...added]);
      notify.success(t("fields.attachment.uploaded", { count: added.length }), "attachment-upload");
    } catch (err) {
      notify.error(err instanceof UploadError ? err.message : t("fields.attachment.uploadFailed"), "attachment-upload");
    } finally {
      setUploading(null);
    }
  }

  /** Any other change ends the chance to undo a removal (it would revert that change too). */
  const change = (next: AttachmentItem[]) => {
    setRemoved(null);
    onChange(next);
  };

  function remove(i: number) {
    setRemoved({ title: items[i]!.title, before: items });
    onChange(items.filter((_, j) => j !== i));
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (dragFrom !== null) return;
    void add([...e.dataTransfer.files]);
  };
  const onPaste = (e: ClipboardEvent) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0 || (e.target as HTMLElement).tagName === "INPUT") return;
    e.preventDefault();
    void add(files);
  };

  return (
    <div className="flex flex-col gap-3" onPaste={onPaste} data-testid="attachment-list">
      {readOnly ? null : (
        <div
          data-testid="attachment-drop"
          onDragOver={(e) => {
            if (dragFrom !== null) return;
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm ${over ? "border-primary bg-primary/5 text-primary" : "border-gray-300 text-gray-500"}`}
        >
          <Upload aria-hidden="true" className="size-5" />
          <span>{over ? t("fields.attachment.dropActive") : t("fields.attachment.drop")}</span>
          <button
            type="button"
            onClick={() => picker.current?.click()}
            disabled={!!uploading}
            className="rounded-md border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
          >
            {t("fields.attachment.choose")}
          </button>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            data-testid="attachment-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = "";
              void add(files);
            }}
          />
        </div>
      )}
      {uploading ? (
        <div className="flex flex-col gap-1 text-xs text-gray-600">
          <span>{t("fields.attachment.uploading", { count: uploading.count })}</span>
          <div
            role="progressbar"
            aria-label={t("fields.attachment.uploading", { count: uploading.count })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(uploading.fraction * 100)}
            className="h-1.5 overflow-hidden rounded bg-gray-200"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${Math.round(uploading.fraction * 100)}%` }}
            />
          </div>
        </div>
      ) : null}
      {removed ? (
        <div
          role="status"
          className="flex items-center justify-between gap-2 rounded-md bg-gray-100 px-3 py-1.5 text-sm text-gray-700"
        >
          <span className="min-w-0 truncate">{t("fields.attachment.removed", { title: removed.title })}</span>
          <button
            type="button"
            onClick={() => {
              onChange(removed.before);
              setRemoved(null);
            }}
            className="shrink-0 rounded px-2 py-0.5 font-medium text-primary hover:bg-white focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t("fields.attachment.undo")}
          </button>
        </div>
      ) : null}
      {items.length === 0 ? <p className="text-sm text-gray-500">{t("fields.attachment.empty")}</p> : null}
      <ul className="flex flex-col gap-1.5" aria-label={label}>
        {items.map((item, i) => {
          const Icon = iconOf(item);
          const thumb = thumbSrc(item);
          const src = fileSrc(item);
          return (
            <li
              key={`${item.path ?? item.url}-${i}`}
              data-testid="attachment-item"
              draggable={!readOnly && renaming === null}
              onDragStart={() => setDragFrom(i)}
              onDragEnd={() => setDragFrom(null)}
              onDragOver={(e) => dragFrom !== null && e.preventDefault()}
              onDrop={(e) => {
                if (dragFrom === null) return;
                e.preventDefault();
                e.stopPropagation();
                change(moveItem(items, dragFrom, i));
                setDragFrom(null);
              }}
              className="flex items-center gap-2 rounded-md border border-gray-200 bg-white p-1.5"
            >
              <button
                type="button"
                disabled={!canPreview(item)}
                onClick={() => setPreview(i)}
                aria-label={t("fields.attachment.open", { title: item.title })}
                className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded bg-gray-100 text-gray-500 focus-visible:outline-2 focus-visible:outline-primary"
              >
                {thumb ? (
                  <img src={thumb} alt="" className="size-full object-cover" />
                ) : (
                  <Icon aria-hidden="true" className="size-5" />
                )}
              </button>
              <div className="min-w-0 flex-1">
                {renaming === i ? (
                  <input
                    autoFocus
                    defaultValue={item.title}
                    aria-label={t("fields.attachment.newName", { title: item.title })}
                    className="w-full rounded border border-gray-300 px-1.5 py-0.5 text-sm outline-none focus:border-primary"
                    onKeyDown={(e) => {
                      e.stopPropagation();
                      if (e.key === "Enter") {
                        e.preventDefault();
                        change(items.map((it, j) => (j === i ? renamed(it, e.currentTarget.value) : it)));
                        setRenaming(null);
                      } else if (e.key === "Escape") {
                        e.preventDefault();
                        setRenaming(null);
                      }
                    }}
                    onBlur={(e) => {
                      change(items.map((it, j) => (j === i ? renamed(it, e.currentTarget.value) : it)));
                      setRenaming(null);
                    }}
                  />
                ) : (
                  <p className="truncate text-sm text-gray-900" title={item.title}>
                    {item.title}
                  </p>
                )}
                <p className="text-xs text-gray-500">{formatSize(item.size)}</p>
              </div>
              {readOnly ? null : (
                <>
                  <IconButton
                    label={t("fields.attachment.rename", { title: item.title })}
                    icon={Pencil}
                    onClick={() => setRenaming(i)}
                  />
                  <IconButton
                    label={t("fields.attachment.moveUp", { title: item.title })}
                    icon={ArrowUp}
                    disabled={i === 0}
                    onClick={() => change(moveItem(items, i, i - 1))}
                  />
                  <IconButton
                    label={t("fields.attachment.moveDown", { title: item.title })}
                    icon={ArrowDown}
                    disabled={i === items.length - 1}
                    onClick={() => change(moveItem(items, i, i + 1))}
                  />
                </>
              )}
              {src ? (
                <a
                  href={src}
                  download={item.title}
                  aria-label={t("fields.attachment.download", { title: item.title })}
                  title={t("fields.attachment.download", { title: item.title })}
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <Download aria-hidden="true" className="size-4" />
                </a>
              ) : null}
              {readOnly ? null : (
                <IconButton
                  tone="danger"
                  label={t("fields.attachment.remove", { title: item.title })}
                  icon={Trash2}
                  onClick={() => remove(i)}
                />
              )}
            </li>
          );
        })}
      </ul>
      <Lightbox items={items} index={preview} onIndex={setPreview} />
    </div>
  );
}
