import { MapPin } from "lucide-react";
import type { FieldUi } from "../types";
import { TextCell } from "../common/text-cell";
import { TextEditor } from "../common/text-editor";

export const GeometryUi: FieldUi = {
  icon: MapPin,
  width: 180,
  defaultPlaceholder: "POINT(1 2)",
  OptionsForm: null,
  defaultInput: "text",
  Cell: TextCell,
  Editor: TextEditor,
};
