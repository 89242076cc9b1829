import { CircleDot } from "lucide-react";
import type { FieldUi } from "../types";
import { SingleSelectOptionsForm } from "./options-form";

export const SingleSelectUi: FieldUi = { icon: CircleDot, OptionsForm: SingleSelectOptionsForm, defaultInput: "select" };
