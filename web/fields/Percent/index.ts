import { Percent } from "lucide-react";
import type { FieldUi } from "../types";
import { NumberCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const PercentUi: FieldUi = {
  icon: Percent,
  width: 120,
  OptionsForm: null,
  defaultInput: "number",
  Cell: NumberCell,
  Editor: TextEditor,
};
