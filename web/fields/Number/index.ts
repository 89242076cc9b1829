import { Hash } from "lucide-react";
import type { FieldUi } from "../types";
import { NumberCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const NumberUi: FieldUi = {
  icon: Hash,
  width: 130,
  OptionsForm: null,
  defaultInput: "number",
  Cell: NumberCell,
  Editor: TextEditor,
};
