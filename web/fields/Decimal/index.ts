import { Calculator } from "lucide-react";
import type { FieldUi } from "../types";
import { DecimalOptionsForm } from "./options-form";
import { NumberCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const DecimalUi: FieldUi = {
  icon: Calculator,
  width: 130,
  OptionsForm: DecimalOptionsForm,
  defaultInput: "number",
  Cell: NumberCell,
  Editor: TextEditor,
};
