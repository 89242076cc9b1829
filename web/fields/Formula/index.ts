import { SquareFunction } from "lucide-react";
import type { FieldUi } from "../types";
import { formulaSettings } from "./settings";
import { FormulaCell } from "./cell";
import { FormulaOptionsForm } from "./options-form";

export const FormulaUi: FieldUi = {
  icon: SquareFunction,
  width: 180,
  OptionsForm: FormulaOptionsForm,
  defaultInput: "none",
  Cell: FormulaCell,
  Editor: null,
  settings: formulaSettings,
};
