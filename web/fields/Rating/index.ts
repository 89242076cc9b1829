import { Star } from "lucide-react";
import type { FieldUi } from "../types";
import { RatingOptionsForm } from "./options-form";

export const RatingUi: FieldUi = { icon: Star, OptionsForm: RatingOptionsForm, defaultInput: "number" };
