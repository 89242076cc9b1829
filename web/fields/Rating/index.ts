import { Star } from "lucide-react";
import type { FieldUi } from "../types";
import { RatingOptionsForm } from "./options-form";
import { RatingCell, RatingEditor } from "./cell";

export const RatingUi: FieldUi = {
  icon: Star,
  width: 140,
  OptionsForm: RatingOptionsForm,
  defaultInput: "number",
  Cell: RatingCell,
  Editor: RatingEditor,
};
