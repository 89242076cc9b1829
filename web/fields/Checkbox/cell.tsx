import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CellProps, EditorProps } from "../types";

const isChecked = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";

/** A tick when checked; the grid toggles it on click and Space. */
export function CheckboxCell({ value }: CellProps) {
  const { t } = useTranslation();
  const on = isChecked(value);
  return (
    <span
      role="img"
      aria-label={on ? t("grid.cell.checked") : t("grid.cell.unchecked")}
      className={`mx-auto inline-flex size-4 items-center justify-center rounded border ${on ? "border-primary bg-primary text-white" : "border-gray-300 bg-white"}`}
    >
      {on ? <Check aria-hidden="true" className="size-3" strokeWidth={3} /> : null}
    </span>
  );
}

/** The expanded form's checkbox (the grid toggles without an editor). */
export function CheckboxEditor({ value, codec, mode, onCommit, onChange, id }: EditorProps) {
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={codec.column.title}
      className="size-4 accent-primary"
      defaultChecked={isChecked(value)}
      onChange={(e) =>
        mode === "form" ? onChange?.({ value: e.target.checked }) : onCommit({ value: e.target.checked })
      }
    />
  );
}
