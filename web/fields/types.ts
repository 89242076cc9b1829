/** The visual half of a field type (DESIGN.md principle 1); the logic half is db/fields. */
import type { LucideIcon } from "lucide-react";
import type { ComponentType } from "react";

export interface OptionsFormProps {
  /** The type's settings (meta and colOptions together), defaults applied. */
  options: Record<string, unknown>;
  onChange(next: Record<string, unknown>): void;
}

/** How the field editor asks for a default value. */
export type DefaultInput = "text" | "textarea" | "number" | "checkbox" | "date" | "select" | "none";

export interface FieldUi {
  icon: LucideIcon;
  /** The type's settings form, or null when the type has none. */
  OptionsForm: ComponentType<OptionsFormProps> | null;
  defaultInput: DefaultInput;
}
