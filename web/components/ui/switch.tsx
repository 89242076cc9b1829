interface SwitchProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** An on/off switch (role switch) with its label beside it. */
export function Switch({ label, checked, disabled, onChange }: SwitchProps) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-3 text-sm text-gray-700">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50 ${checked ? "bg-primary" : "bg-gray-300"}`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5 rtl:-translate-x-5" : "translate-x-0.5 rtl:-translate-x-0.5"}`}
        />
      </button>
      <span>{label}</span>
    </label>
  );
}
