import { Clock } from "lucide-react";
import type { FieldUi } from "../types";

export const TimeUi: FieldUi = { icon: Clock, OptionsForm: null, defaultInput: "text" };
