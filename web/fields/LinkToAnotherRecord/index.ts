import { Link2 } from "lucide-react";
import type { FieldUi } from "../types";
import { linkSettings } from "./settings";
import { LinkCell } from "./cell";
import { LinkOptionsForm } from "./options-form";

/** Links are changed through the picker in the cell, not an editor. */
export const LinkToAnotherRecordUi: FieldUi = {
  icon: Link2,
  width: 180,
  OptionsForm: LinkOptionsForm,
  defaultInput: "none",
  Cell: LinkCell,
  Editor: null,
  settings: linkSettings,
};
