import { UserPen } from "lucide-react";
import type { FieldUi } from "../types";
import { UserCell } from "../common/user-cell";

/** Who last changed the row: set by the server on every write, shown as the person, never edited. */
export const LastModifiedByUi: FieldUi = {
  icon: UserPen,
  width: 180,
  OptionsForm: null,
  defaultInput: "none",
  Cell: UserCell,
  Editor: null,
};
