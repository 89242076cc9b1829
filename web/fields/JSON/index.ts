import { Braces } from "lucide-react";
import type { FieldUi } from "../types";
import { JsonCell, JsonEditor } from "./cell";

export const JSONUi: FieldUi = {
  icon: Braces,
  width: 220,
  defaultPlaceholder: "{}",
  OptionsForm: null,
  defaultInput: "textarea",
  Cell: JsonCell,
  Editor: JsonEditor,
};
