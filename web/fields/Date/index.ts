import { Calendar } from "lucide-react";
import type { FieldUi } from "../types";
import { DateOptionsForm } from "./options-form";

export const DateUi: FieldUi = { icon: Calendar, OptionsForm: DateOptionsForm, defaultInput: "date" };
