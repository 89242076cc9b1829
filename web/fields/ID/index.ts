import { KeyRound } from "lucide-react";
import type { FieldUi } from "../types";

export const IDUi: FieldUi = { icon: KeyRound, OptionsForm: null, defaultInput: "none" };
