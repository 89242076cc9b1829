import { SearchCode } from "lucide-react";
import type { FieldUi } from "../types";

export const LookupUi: FieldUi = { icon: SearchCode, OptionsForm: null, defaultInput: "none" };
