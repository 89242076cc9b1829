import { ListChecks } from "lucide-react";
import type { FieldUi } from "../types";
import { MultiSelectOptionsForm } from "./options-form";
import { MultiSelectCell, MultiSelectEditor } from "./cell";

export const MultiSelectUi: FieldUi = {
  icon: ListChecks,
  width: 180,
  OptionsForm: MultiSelectOptionsForm,
  defaultInput: "text",
  Cell: MultiSelectCell,
  Editor: MultiSelectEditor,
};
