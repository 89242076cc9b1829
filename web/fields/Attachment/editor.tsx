import { useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/ui/modal";
import { ProjectContext } from "../../pages/project/project-context";
import type { EditorProps } from "../types";
import { AttachmentList } from "./attachment-list";
import { itemsOf, stripDerived, type AttachmentItem } from "./files";
import { uploadFolder } from "./upload";

/**
 * The Attachment field's editor. Over a grid cell it opens as a dialog; the cell is saved when
 * the dialog closes (Done, Escape or outside), so an upload is never lost to a cancel. In the
 * expanded record it sits inline and reports every change.
 */
export function AttachmentEditor({ value, codec, mode, onCommit, onCancel, onChange, id }: EditorProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<AttachmentItem[]>(() => itemsOf(value));
  const [changed, setChanged] = useState(false);
  // The real project id (on a shared base the URL holds the base's uuid instead).
  const projectId = useContext(ProjectContext)?.projectId;
  const column = codec.column as typeof codec.column & { fk_model_id?: string };
  const maxFiles = typeof codec.ctx.options.maxFiles === "number" ? codec.ctx.options.maxFiles : undefined;
  const update = (next: AttachmentItem[]) => {
    setItems(next);
    setChanged(true);
    if (mode === "form") onChange?.({ value: next.map(stripDerived) });
  };
  const list = (
    <AttachmentList
      items={items}
      onChange={update}
      folder={uploadFolder(column, projectId)}
      label={codec.column.title}
      maxFiles={maxFiles}
    />
  );
  if (mode === "form") return <div id={id}>{list}</div>;
  const close = () => (changed ? onCommit({ value: items.map(stripDerived) }) : onCancel());
  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={t("fields.attachment.editorTitle", { title: codec.column.title })}
      width="max-w-xl"
    >
      <div className="flex flex-col gap-4">
        {list}
        <div className="flex justify-end">
          <button
            type="button"
            onClick={close}
            className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t("fields.attachment.done")}
          </button>
        </div>
      </div>
    </Modal>
  );
}
