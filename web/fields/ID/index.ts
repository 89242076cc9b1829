import { KeyRound } from "lucide-react";
import type { FieldUi } from "../types";
import { NumberCell } from "../common/text-cell";

export const IDUi: FieldUi = {
  icon: KeyRound,
  width: 90,
  OptionsForm: null,
  defaultInput: "none",
  Cell: NumberCell,
  Editor: null,
};
