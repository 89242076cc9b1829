import { CalendarPlus } from "lucide-react";
import type { FieldUi } from "../types";

export const CreateTimeUi: FieldUi = { icon: CalendarPlus, OptionsForm: null, defaultInput: "none" };
