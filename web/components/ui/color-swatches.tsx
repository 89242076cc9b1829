import { Check } from "lucide-react";

interface ColorSwatchesProps {
  label: string;
  colors: readonly string[];
  value: string | null;
  onChange(color: string): void;
}

/** A radio group of colour swatches; each swatch is named by its hex value. */
export function ColorSwatches({ label, colors, value, onChange }: ColorSwatchesProps) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
      {colors.map((color) => {
        const checked = value?.toLowerCase() === color.toLowerCase();
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={color}
            title={color}
            onClick={() => onChange(color)}
            className={`flex size-8 items-center justify-center rounded-full ring-offset-2 focus-visible:outline-2 focus-visible:outline-primary ${checked ? "ring-2 ring-gray-900" : ""}`}
            style={{ backgroundColor: color }}
          >
            {checked ? <Check aria-hidden="true" className="size-4 text-white drop-shadow" /> : null}
          </button>
        );
      })}
    </div>
  );
}
