import { Type } from "lucide-react";
import type { FieldUi } from "../types";

export const SingleLineTextUi: FieldUi = { icon: Type, OptionsForm: null, defaultInput: "text" };
