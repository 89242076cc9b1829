import { Type } from "lucide-react";
import type { FieldUi } from "../types";
import { TextCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const SingleLineTextUi: FieldUi = {
  icon: Type,
  width: 180,
  OptionsForm: null,
  defaultInput: "text",
  Cell: TextCell,
  Editor: TextEditor,
};
