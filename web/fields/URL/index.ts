import { Link } from "lucide-react";
import type { FieldUi } from "../types";

export const URLUi: FieldUi = { icon: Link, OptionsForm: null, defaultInput: "text" };
