import { Timer } from "lucide-react";
import type { FieldUi } from "../types";
import { DurationOptionsForm } from "./options-form";

export const DurationUi: FieldUi = { icon: Timer, OptionsForm: DurationOptionsForm, defaultInput: "text" };
