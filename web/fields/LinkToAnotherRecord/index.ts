import { Link2 } from "lucide-react";
import type { FieldUi } from "../types";

export const LinkToAnotherRecordUi: FieldUi = { icon: Link2, OptionsForm: null, defaultInput: "none" };
