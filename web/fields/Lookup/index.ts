import { SearchCode } from "lucide-react";
import type { FieldUi } from "../types";
import { lookupSettings } from "./settings";
import { LookupCell } from "./cell";
import { LookupOptionsForm } from "./options-form";

export const LookupUi: FieldUi = {
  icon: SearchCode,
  width: 180,
  OptionsForm: LookupOptionsForm,
  defaultInput: "none",
  Cell: LookupCell,
  Editor: null,
  settings: lookupSettings,
};
