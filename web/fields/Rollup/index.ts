import { Sigma } from "lucide-react";
import type { FieldUi } from "../types";
import { rollupSettings } from "./settings";
import { RollupCell } from "./cell";
import { RollupOptionsForm } from "./options-form";

export const RollupUi: FieldUi = {
  icon: Sigma,
  width: 180,
  OptionsForm: RollupOptionsForm,
  defaultInput: "none",
  Cell: RollupCell,
  Editor: null,
  settings: rollupSettings,
};
