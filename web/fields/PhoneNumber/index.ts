import { Phone } from "lucide-react";
import type { FieldUi } from "../types";

export const PhoneNumberUi: FieldUi = { icon: Phone, OptionsForm: null, defaultInput: "text" };
