/** The visual half of a field type (DESIGN.md principle 1); the logic half is db/fields. */
import type { LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import type { Column, ColumnPayload, TableMeta } from "../api/types";
import type { ColumnCodec } from "./codec";

export interface OptionsFormProps {
  /** The type's settings (meta and colOptions together), defaults applied. */
  options: Record<string, unknown>;
  onChange(next: Record<string, unknown>): void;
  /** The table the field belongs to (links, lookups, rollups and formulas read its columns). */
  table?: TableMeta;
  /** The column being edited; absent for a new field. */
  column?: Column | null;
}

/** How the field editor asks for a default value. */
export type DefaultInput = "text" | "textarea" | "number" | "checkbox" | "date" | "select" | "none";

/** A grid cell's content: cheap to render, no state (hundreds are on screen). */
export interface CellProps {
  /** The API value (API-CONTRACT 1.11). */
  value: unknown;
  codec: ColumnCodec;
  /** The row is taller than one line: text may wrap. */
  wrap: boolean;
  /** The whole row, when the cell acts on it (links add and remove through the row's key). */
  row?: Record<string, unknown>;
  /** The reader may change this cell: an empty one may show how to fill it on hover or when active. */
  editable?: boolean;
}

/** What an editor hands back: text to parse with the registry, or a value from a picker. */
export type EditorOutput = { text: string } | { value: unknown };

export type EditorMove = "down" | "right" | "left";

export interface EditorProps {
  value: unknown;
  codec: ColumnCodec;
  /** The character typed to open the editor; it replaces the value. */
  initialText?: string;
  /** "cell": over a grid cell (Enter commits, Escape cancels); "form": a field of the expanded record. */
  mode: "cell" | "form";
  onCommit(out: EditorOutput, move?: EditorMove): void;
  onCancel(): void;
  /** Form mode: every change (the expanded record saves each field as it is left). */
  onChange?(out: EditorOutput): void;
  /**
   * Cell mode: save this value now and keep the editor open. A pick that is visibly made (a
   * multi-select option ticked) is saved as it is made; Escape then only closes the editor.
   */
  onSave?(out: EditorOutput): void;
  /** The id the form's label points at. */
  id?: string;
}

export interface FieldUi {
  icon: LucideIcon;
  /** A grid column's width in px until the user resizes it. */
  width: number;
  /** The field editor's hint for a default value typed as text (a format, not a sentence). */
  defaultPlaceholder?: string;
  /** The type's settings form, or null when the type has none. */
  OptionsForm: ComponentType<OptionsFormProps> | null;
  defaultInput: DefaultInput;
  Cell: ComponentType<CellProps>;
  /** null: read-only (virtual and system types). */
  Editor: ComponentType<EditorProps> | null;
  /** Clicking the cell changes it at once (checkbox toggles) instead of opening an editor. */
  toggles?: boolean;
  /** A click on the active cell opens the editor (a dialog rather than text typed in place). */
  opensOnClick?: boolean;
  /** Links, lookups, rollups and formulas: what the field editor sends (web/fields/computed-payload.ts). */
  settings?: ComputedSettings;
}

/** A link, lookup, rollup or formula setting still to choose: the locale key saying which. */
export type VirtualProblem =
  | "links.editor.needTable"
  | "links.editor.needLink"
  | "links.editor.needField"
  | "links.editor.needFunction"
  | "links.formula.needFormula";

/** A computed type's settings as the field editor sends them (API-CONTRACT 4.3). */
export interface ComputedSettings {
  /** What must still be chosen before the field can be saved, or null. */
  problem(options: Record<string, unknown>): VirtualProblem | null;
  /** The settings a new field's payload carries at its top level. */
  create(options: Record<string, unknown>): Partial<ColumnPayload>;
  /**
   * What an edit sends besides the name (the server keeps the rest): a formula its new text, a
   * belongs-to link whether it is required (SPEC 5). Absent: the name only.
   */
  edit?(options: Record<string, unknown>, original: Column, rqd: boolean): Partial<ColumnPayload>;
}
