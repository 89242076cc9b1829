import { CalendarRange } from "lucide-react";
import type { FieldUi } from "../types";

export const YearUi: FieldUi = { icon: CalendarRange, OptionsForm: null, defaultInput: "number" };
