import { Clock } from "lucide-react";
import type { FieldUi } from "../types";
import { TextCell } from "../common/text-cell";
import { dateEditor } from "../common/date-editor";

export const TimeUi: FieldUi = {
  icon: Clock,
  width: 120,
  defaultPlaceholder: "HH:mm",
  OptionsForm: null,
  defaultInput: "text",
  Cell: TextCell,
  Editor: dateEditor("time"),
};
