import { Database } from "lucide-react";
import type { FieldUi } from "../types";
import { SpecificDBTypeOptionsForm } from "./options-form";

export const SpecificDBTypeUi: FieldUi = { icon: Database, OptionsForm: SpecificDBTypeOptionsForm, defaultInput: "text" };
