import { DollarSign } from "lucide-react";
import type { FieldUi } from "../types";
import { CurrencyOptionsForm } from "./options-form";

export const CurrencyUi: FieldUi = { icon: DollarSign, OptionsForm: CurrencyOptionsForm, defaultInput: "number" };
