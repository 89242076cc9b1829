import { ListChecks } from "lucide-react";
import type { FieldUi } from "../types";
import { MultiSelectOptionsForm } from "./options-form";

export const MultiSelectUi: FieldUi = { icon: ListChecks, OptionsForm: MultiSelectOptionsForm, defaultInput: "text" };
