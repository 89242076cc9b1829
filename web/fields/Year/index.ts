import { CalendarRange } from "lucide-react";
import type { FieldUi } from "../types";
import { NumberCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const YearUi: FieldUi = {
  icon: CalendarRange,
  width: 100,
  OptionsForm: null,
  defaultInput: "number",
  Cell: NumberCell,
  Editor: TextEditor,
};
