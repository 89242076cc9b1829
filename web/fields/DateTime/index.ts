import { CalendarClock } from "lucide-react";
import type { FieldUi } from "../types";
import { DateTimeOptionsForm } from "./options-form";
import { TextCell } from "../common/text-cell";
import { dateEditor } from "../common/date-editor";

export const DateTimeUi: FieldUi = {
  icon: CalendarClock,
  width: 190,
  defaultPlaceholder: "YYYY-MM-DD HH:mm",
  OptionsForm: DateTimeOptionsForm,
  defaultInput: "text",
  Cell: TextCell,
  Editor: dateEditor("datetime"),
};
