import { Timer } from "lucide-react";
import type { FieldUi } from "../types";
import { DurationOptionsForm } from "./options-form";
import { NumberCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const DurationUi: FieldUi = {
  icon: Timer,
  width: 120,
  defaultPlaceholder: "h:mm",
  OptionsForm: DurationOptionsForm,
  defaultInput: "text",
  Cell: NumberCell,
  Editor: TextEditor,
};
