import { useTranslation } from "react-i18next";
import type { Column } from "../../../api/types";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import type { useFieldActions } from "./use-field-actions";
import { useKeptInTrash } from "../trash/kept-in-trash";

/** Confirmation before a field and its data go: shared by the fields panel and the grid's header menu. */
export function DeleteFieldDialog({
  column,
  remove,
  onClose,
}: {
  column: Column | null;
  remove: ReturnType<typeof useFieldActions>["remove"];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kept = useKeptInTrash();
  return (
    <ConfirmDialog
      open={column !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("fields.panel.deleteTitle")}
      body={t(kept ? "trash.fieldDeleteBody" : "fields.panel.deleteBody", { title: column?.title ?? "" })}
      confirmLabel={t("fields.panel.deleteConfirm")}
      pending={remove.isPending}
      onConfirm={() => column && remove.mutate(column, { onSuccess: onClose })}
    />
  );
}
