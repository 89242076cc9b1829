import { SearchCode } from "lucide-react";
import type { FieldUi } from "../types";
import { VirtualCell } from "../common/text-cell";

export const LookupUi: FieldUi = { icon: SearchCode, OptionsForm: null, defaultInput: "none", Cell: VirtualCell, Editor: null };
