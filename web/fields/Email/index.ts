import { Mail } from "lucide-react";
import type { FieldUi } from "../types";
import { linkCell } from "../common/link-cell";
import { TextEditor } from "../common/text-editor";

export const EmailUi: FieldUi = {
  icon: Mail,
  width: 180,
  OptionsForm: null,
  defaultInput: "text",
  Cell: linkCell("email"),
  Editor: TextEditor,
};
