import { Sigma } from "lucide-react";
import type { FieldUi } from "../types";

export const RollupUi: FieldUi = { icon: Sigma, OptionsForm: null, defaultInput: "none" };
