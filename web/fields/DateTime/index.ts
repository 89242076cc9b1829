import { CalendarClock } from "lucide-react";
import type { FieldUi } from "../types";
import { DateTimeOptionsForm } from "./options-form";

export const DateTimeUi: FieldUi = { icon: CalendarClock, OptionsForm: DateTimeOptionsForm, defaultInput: "text" };
