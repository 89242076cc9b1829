import { Database } from "lucide-react";
import type { FieldUi } from "../types";
import { SpecificDBTypeOptionsForm } from "./options-form";
import { TextCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const SpecificDBTypeUi: FieldUi = {
  icon: Database,
  width: 180,
  OptionsForm: SpecificDBTypeOptionsForm,
  defaultInput: "text",
  Cell: TextCell,
  Editor: TextEditor,
};
