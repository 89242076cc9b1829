import { Calculator } from "lucide-react";
import type { FieldUi } from "../types";
import { DecimalOptionsForm } from "./options-form";

export const DecimalUi: FieldUi = { icon: Calculator, OptionsForm: DecimalOptionsForm, defaultInput: "number" };
