import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** Escape pressed, before the dialog closes (its target is the focused element). */
  onEscapeKeyDown?(event: KeyboardEvent): void;
  /** Where the focus goes once it closes, instead of back to the button that opened it. */
  returnFocus?(): void;
  children: ReactNode;
}

/**
 * A Radix dialog: focus trapped, Escape and the close button dismiss it. It opens on the field
 * marked `data-autofocus` (a TextField with autoFocus) when there is one: Radix would otherwise
 * move the focus to its first button, the × (issue 33).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  width = "max-w-md",
  onEscapeKeyDown,
  returnFocus,
  children,
}: ModalProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none`}
          ref={content}
          onOpenAutoFocus={(e) => {
            const first = content.current?.querySelector<HTMLElement>("[data-autofocus]");
            if (!first) return;
            e.preventDefault();
            first.focus();
          }}
          onEscapeKeyDown={onEscapeKeyDown}
          onCloseAutoFocus={
            returnFocus
              ? (e) => {
                  e.preventDefault();
                  returnFocus();
                }
              : undefined
          }
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-100 px-5 py-4">
            <div>
              <Dialog.Title className="text-base font-semibold text-gray-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-gray-500">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              className="rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
              aria-label={t("common.close")}
            >
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
