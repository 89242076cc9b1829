import { Paperclip } from "lucide-react";
import type { FieldUi } from "../types";
import { AttachmentCell } from "./cell";
import { AttachmentEditor } from "./editor";

export const AttachmentUi: FieldUi = {
  icon: Paperclip,
  width: 220,
  OptionsForm: null,
  defaultInput: "none",
  Cell: AttachmentCell,
  Editor: AttachmentEditor,
  opensOnClick: true,
};
export { AttachmentList, type AttachmentListProps } from "./attachment-list";
