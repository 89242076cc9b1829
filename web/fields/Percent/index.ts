import { Percent } from "lucide-react";
import type { FieldUi } from "../types";

export const PercentUi: FieldUi = { icon: Percent, OptionsForm: null, defaultInput: "number" };
