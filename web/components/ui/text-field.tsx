import { useId, type InputHTMLAttributes, type ReactNode } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange"> {
  label: string;
  /** Shown after the label, e.g. "(optional)". */
  hint?: ReactNode;
  error?: string | null;
  onValueChange(value: string): void;
}

/** A labelled input; the label is the accessible name (tests find it with getByLabel). */
export function TextField({ label, hint, error, onValueChange, className = "", ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
        {hint ? <span className="ms-1 font-normal text-gray-400">{hint}</span> : null}
      </label>
      <input
        id={id}
        className="rounded-md border border-gray-300 px-3 py-2 text-sm shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-invalid:border-red-500"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // The dialog it is in opens on it (components/ui/modal.tsx).
        data-autofocus={input.autoFocus ? "" : undefined}
        onChange={(e) => onValueChange(e.target.value)}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
