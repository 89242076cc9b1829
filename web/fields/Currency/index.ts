import { DollarSign } from "lucide-react";
import type { FieldUi } from "../types";
import { CurrencyOptionsForm } from "./options-form";
import { CurrencyCell } from "./cell";
import { TextEditor } from "../common/text-editor";

export const CurrencyUi: FieldUi = {
  icon: DollarSign,
  width: 140,
  OptionsForm: CurrencyOptionsForm,
  defaultInput: "number",
  Cell: CurrencyCell,
  Editor: TextEditor,
};
