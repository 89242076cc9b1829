import { DollarSign } from "lucide-react";
import type { FieldUi } from "../types";
import { CurrencyOptionsForm } from "./options-form";
import { NumberCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const CurrencyUi: FieldUi = {
  icon: DollarSign,
  width: 140,
  OptionsForm: CurrencyOptionsForm,
  defaultInput: "number",
  Cell: NumberCell,
  Editor: TextEditor,
};
