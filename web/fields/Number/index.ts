import { Hash } from "lucide-react";
import type { FieldUi } from "../types";

export const NumberUi: FieldUi = { icon: Hash, OptionsForm: null, defaultInput: "number" };
