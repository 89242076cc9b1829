import { CalendarPlus } from "lucide-react";
import type { FieldUi } from "../types";
import { TextCell } from "../common/text-cell";

export const CreateTimeUi: FieldUi = {
  icon: CalendarPlus,
  width: 190,
  OptionsForm: null,
  defaultInput: "none",
  Cell: TextCell,
  Editor: null,
};
