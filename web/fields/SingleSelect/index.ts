import { CircleDot } from "lucide-react";
import type { FieldUi } from "../types";
import { SingleSelectOptionsForm } from "./options-form";
import { SingleSelectCell, SingleSelectEditor } from "./cell";

export const SingleSelectUi: FieldUi = {
  icon: CircleDot,
  width: 180,
  OptionsForm: SingleSelectOptionsForm,
  defaultInput: "select",
  Cell: SingleSelectCell,
  Editor: SingleSelectEditor,
};
