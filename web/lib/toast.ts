import { toast } from "sonner";

/** SPEC 9: toasts stay 3 seconds. */
export const TOAST_DURATION_MS = 3000;

/** Toasts; an id makes repeats of the same event replace each other instead of stacking. */
export const notify = {
  error: (message: string, id?: string) => toast.error(message, { id, duration: TOAST_DURATION_MS }),
  success: (message: string, id?: string) => toast.success(message, { id, duration: TOAST_DURATION_MS }),
  info: (message: string, id?: string) => toast.info(message, { id, duration: TOAST_DURATION_MS }),
  /** An outcome the user may take back: the toast carries the action (its label, e.g. "Undo"). */
  undoable: (message: string, label: string, onUndo: () => void, id?: string) =>
    toast.success(message, { id, duration: TOAST_DURATION_MS, action: { label, onClick: onUndo } }),
};
