import { SquareFunction } from "lucide-react";
import type { FieldUi } from "../types";

export const FormulaUi: FieldUi = { icon: SquareFunction, OptionsForm: null, defaultInput: "none" };
