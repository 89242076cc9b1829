import { useId, type SelectHTMLAttributes } from "react";

export interface Choice {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "onChange"> {
  label: string;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  choices: readonly Choice[];
  onValueChange(value: string): void;
}

/** A labelled native select. */
export function SelectField({ label, hideLabel, choices, onValueChange, className = "", ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "text-sm font-medium text-gray-700"}>
        {label}
      </label>
      <select
        id={id}
        className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 disabled:bg-gray-50 disabled:text-gray-500"
        onChange={(e) => onValueChange(e.target.value)}
        {...select}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
