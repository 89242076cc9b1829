import { SquareCheck } from "lucide-react";
import type { FieldUi } from "../types";

export const CheckboxUi: FieldUi = { icon: SquareCheck, OptionsForm: null, defaultInput: "checkbox" };
