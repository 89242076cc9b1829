import { FIELD_UI } from "../../fields/registry";
import { codecFor, type ColumnCodec } from "../../fields/codec";
import type { FieldUi } from "../../fields/types";
import type { GridField } from "./logic/grid-fields";

/** A drawn column: its settings in the view, its codec and its cell/editor components. */
export interface GridFieldView extends GridField {
  codec: ColumnCodec;
  ui: FieldUi;
}

export function fieldView(field: GridField): GridFieldView {
  return { ...field, codec: codecFor(field.column), ui: FIELD_UI[field.column.uidt] ?? FIELD_UI.SingleLineText };
}
