import { Link2 } from "lucide-react";
import type { FieldUi } from "../types";
import { VirtualCell } from "../common/text-cell";

export const LinkToAnotherRecordUi: FieldUi = { icon: Link2, OptionsForm: null, defaultInput: "none", Cell: VirtualCell, Editor: null };
