import { Key } from "lucide-react";
import type { FieldUi } from "../types";
import { TextCell } from "../common/text-cell";

export const ForeignKeyUi: FieldUi = { icon: Key, OptionsForm: null, defaultInput: "none", Cell: TextCell, Editor: null };
