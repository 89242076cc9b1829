import { Key } from "lucide-react";
import type { FieldUi } from "../types";
import { TextCell } from "../common/text-cell";

export const ForeignKeyUi: FieldUi = {
  icon: Key,
  width: 180,
  OptionsForm: null,
  defaultInput: "none",
  Cell: TextCell,
  Editor: null,
};
