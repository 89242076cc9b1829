import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import type { OptionsFormProps } from "../types";

/** 0 to 8 decimals (db/fields/Decimal.ts), each shown as an example number. */
const PRECISIONS = Array.from({ length: 9 }, (_, p) => ({
  value: String(p),
  label: p === 0 ? "1" : `1.${"0".repeat(p)}`,
}));

export function DecimalOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("fields.options.precision")}
      value={String(options.precision ?? 1)}
      choices={PRECISIONS}
      onValueChange={(v) => onChange({ ...options, precision: Number(v) })}
    />
  );
}
