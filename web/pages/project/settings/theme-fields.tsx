import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isHexColor } from "../../../../db/project/rules";
import { toColorInputValue } from "../../../lib/theme";

interface ColourFieldProps {
  label: string;
  hexLabel: string;
  value: string;
  onChange(value: string): void;
}

/** A colour picker plus its hex text (3, 4, 6 or 8 digits, SPEC 5), validated as typed. */
export function ColourField({ label, hexLabel, value, onChange }: ColourFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const valid = isHexColor(value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={toColorInputValue(valid ? value : "#000000")}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-11 cursor-pointer rounded border border-gray-300 bg-white p-0.5"
        />
        <input
          aria-label={hexLabel}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          aria-invalid={valid ? undefined : true}
          className="w-32 rounded-md border border-gray-300 px-2 py-1.5 font-mono text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-invalid:border-red-500"
        />
      </div>
      {valid ? null : <p className="text-xs text-red-600">{t("project.settings.invalidHex")}</p>}
    </div>
  );
}
