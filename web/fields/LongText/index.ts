import { AlignLeft } from "lucide-react";
import type { FieldUi } from "../types";
import { LongTextEditor } from "./editor";
import { TextCell } from "../common/text-cell";

export const LongTextUi: FieldUi = {
  icon: AlignLeft,
  width: 240,
  OptionsForm: null,
  defaultInput: "textarea",
  Cell: TextCell,
  Editor: LongTextEditor,
};
