import { Calendar } from "lucide-react";
import type { FieldUi } from "../types";
import { DateOptionsForm } from "./options-form";
import { TextCell } from "../common/text-cell";
import { dateEditor } from "../common/date-editor";

export const DateUi: FieldUi = {
  icon: Calendar,
  width: 140,
  OptionsForm: DateOptionsForm,
  defaultInput: "date",
  Cell: TextCell,
  Editor: dateEditor("date"),
};
