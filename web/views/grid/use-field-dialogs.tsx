/** The table's field dialogs opened from the grid: the field list, the field editor, delete field. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Column, TableMeta } from "../../api/types";
import { DeleteFieldDialog } from "../../pages/project/table/delete-field-dialog";
import { Modal } from "../../components/ui/modal";
import { FieldEditorDialog } from "../../pages/project/table/field-editor-dialog";
import { FieldsPanel } from "../../pages/project/table/fields-panel";
import { useFieldActions } from "../../pages/project/table/use-field-actions";

export function useFieldDialogs(meta: TableMeta) {
  const { t } = useTranslation();
  const { remove } = useFieldActions(meta.id);
  const [panel, setPanel] = useState(false);
  const [editing, setEditing] = useState<Column | null>(null);
  const [deleting, setDeleting] = useState<Column | null>(null);
  const dialogs = (
    <>
      <Modal
        open={panel}
        onOpenChange={setPanel}
        title={t("grid.fields.panelTitle", { title: meta.title })}
        width="max-w-3xl"
      >
        <FieldsPanel tableId={meta.id} />
      </Modal>
      <FieldEditorDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        table={meta}
        column={editing}
      />
      <DeleteFieldDialog column={deleting} remove={remove} onClose={() => setDeleting(null)} />
    </>
  );
  return {
    dialogs,
    openPanel: () => setPanel(true),
    editField: (c: Column) => setEditing(c),
    deleteField: (c: Column) => (remove.reset(), setDeleting(c)),
  };
}
