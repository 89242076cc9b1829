import { SquareCheck } from "lucide-react";
import type { FieldUi } from "../types";
import { CheckboxCell, CheckboxEditor } from "./cell";

export const CheckboxUi: FieldUi = {
  icon: SquareCheck,
  width: 100,
  OptionsForm: null,
  defaultInput: "checkbox",
  Cell: CheckboxCell,
  Editor: CheckboxEditor,
  toggles: true,
};
