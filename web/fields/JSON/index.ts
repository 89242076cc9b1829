import { Braces } from "lucide-react";
import type { FieldUi } from "../types";

export const JSONUi: FieldUi = { icon: Braces, OptionsForm: null, defaultInput: "textarea" };
