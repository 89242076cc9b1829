import { UserPlus } from "lucide-react";
import type { FieldUi } from "../types";
import { UserCell } from "../common/user-cell";

/** Who created the row: set by the server, shown as the person, never edited. */
export const CreatedByUi: FieldUi = {
  icon: UserPlus,
  width: 180,
  OptionsForm: null,
  defaultInput: "none",
  Cell: UserCell,
  Editor: null,
};
