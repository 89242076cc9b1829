import { Key } from "lucide-react";
import type { FieldUi } from "../types";

export const ForeignKeyUi: FieldUi = { icon: Key, OptionsForm: null, defaultInput: "none" };
