import { Sigma } from "lucide-react";
import type { FieldUi } from "../types";
import { VirtualCell } from "../common/text-cell";

export const RollupUi: FieldUi = { icon: Sigma, OptionsForm: null, defaultInput: "none", Cell: VirtualCell, Editor: null };
