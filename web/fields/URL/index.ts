import { Link } from "lucide-react";
import type { FieldUi } from "../types";
import { linkCell } from "../common/link-cell";
import { TextEditor } from "../common/text-editor";

export const URLUi: FieldUi = {
  icon: Link,
  width: 180,
  OptionsForm: null,
  defaultInput: "text",
  Cell: linkCell("url"),
  Editor: TextEditor,
};
