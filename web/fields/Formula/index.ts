import { SquareFunction } from "lucide-react";
import type { FieldUi } from "../types";
import { VirtualCell } from "../common/text-cell";

export const FormulaUi: FieldUi = { icon: SquareFunction, OptionsForm: null, defaultInput: "none", Cell: VirtualCell, Editor: null };
