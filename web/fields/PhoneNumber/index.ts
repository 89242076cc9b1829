import { Phone } from "lucide-react";
import type { FieldUi } from "../types";
import { linkCell } from "../common/link-cell";
import { TextEditor } from "../common/text-editor";

export const PhoneNumberUi: FieldUi = {
  icon: Phone,
  width: 180,
  OptionsForm: null,
  defaultInput: "text",
  Cell: linkCell("phone"),
  Editor: TextEditor,
};
