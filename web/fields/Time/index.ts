import { Clock } from "lucide-react";
import type { FieldUi } from "../types";
import { TextCell } from "../common/text-cell";
import { pickerEditor } from "../common/picker-editor";

export const TimeUi: FieldUi = {
  icon: Clock,
  width: 120,
  defaultPlaceholder: "HH:mm",
  OptionsForm: null,
  defaultInput: "text",
  Cell: TextCell,
  Editor: pickerEditor("time"),
};
