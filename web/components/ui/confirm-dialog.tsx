import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { Modal } from "./modal";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  body: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm(): void;
  /** Where the focus goes once it closes (the grid after deleting records: Ctrl+Z undoes at once). */
  returnFocus?(): void;
}

/** Asks before destroying data; the confirm button takes the focus, Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  pending,
  onConfirm,
  returnFocus,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} returnFocus={returnFocus}>
      <p className="text-sm text-gray-600">{body}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t("common.cancel")}
        </Button>
        <Button variant="danger" autoFocus loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
