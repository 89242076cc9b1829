import { AlignLeft } from "lucide-react";
import type { FieldUi } from "../types";

export const LongTextUi: FieldUi = { icon: AlignLeft, OptionsForm: null, defaultInput: "textarea" };
