import { Mail } from "lucide-react";
import type { FieldUi } from "../types";

export const EmailUi: FieldUi = { icon: Mail, OptionsForm: null, defaultInput: "text" };
