import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { canPreview, fileSrc, isPdf, previewSrc, type AttachmentItem } from "./files";

interface LightboxProps {
  items: readonly AttachmentItem[];
  /** The index shown, or null when closed. */
  index: number | null;
  onIndex(index: number | null): void;
}

/**
 * Images and PDFs in a full-screen preview with previous/next (buttons and arrow keys, which
 * follow the reading direction). Only previewable items take part in the stepping.
 */
export function Lightbox({ items, index, onIndex }: LightboxProps) {
  const { t } = useTranslation();
  const shown = items.map((it, i) => [it, i] as const).filter(([it]) => canPreview(it));
  const at = shown.findIndex(([, i]) => i === index);
  const current = at >= 0 ? shown[at]![0] : null;
  const step = (by: number) => shown.length > 1 && onIndex(shown[(at + by + shown.length) % shown.length]![1]);
  const onKeyDown = (e: KeyboardEvent) => {
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      step((e.key === "ArrowRight") !== rtl ? 1 : -1);
    }
  };
  return (
    <Dialog.Root open={current !== null} onOpenChange={(open) => !open && onIndex(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-gray-950/85" />
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          data-testid="attachment-lightbox"
          className="fixed inset-0 z-[70] flex flex-col focus:outline-none"
        >
          {current ? (
            <>
              <div className="flex items-center gap-2 px-4 py-3 text-white">
                <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium">{current.title}</Dialog.Title>
                <span className="text-xs text-gray-300">
                  {t("fields.attachment.position", { index: at + 1, count: shown.length })}
                </span>
                <a
                  href={fileSrc(current)}
                  download={current.title}
                  aria-label={t("fields.attachment.download", { title: current.title })}
                  className="rounded-md p-1.5 hover:bg-white/10"
                >
                  <Download aria-hidden="true" className="size-5" />
                </a>
                <Dialog.Close aria-label={t("common.close")} className="rounded-md p-1.5 hover:bg-white/10">
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-12 pb-6">
                {isPdf(current) ? (
                  <iframe title={current.title} src={previewSrc(current)} className="size-full rounded bg-white" />
                ) : (
                  <img src={fileSrc(current)} alt={current.title} className="max-h-full max-w-full object-contain" />
                )}
                {shown.length > 1 ? (
                  <>
                    <button
                      type="button"
                      onClick={() => step(-1)}
                      aria-label={t("fields.attachment.previous")}
                      className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-2 text-white hover:bg-white/20"
                    >
                      <ChevronLeft aria-hidden="true" className="size-6 rtl:rotate-180" />
                    </button>
                    <button
                      type="button"
                      onClick={() => step(1)}
                      aria-label={t("fields.attachment.next")}
                      className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-2 text-white hover:bg-white/20"
                    >
                      <ChevronRight aria-hidden="true" className="size-6 rtl:rotate-180" />
                    </button>
                  </>
                ) : null}
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
