import { useTranslation } from "react-i18next";
import { DURATION_FORMATS } from "../../../db/fields/common/duration";
import { SelectField } from "../../components/ui/select-field";
import type { OptionsFormProps } from "../types";

/** The display format, by index (db/fields/common/duration.ts). */
const FORMATS = DURATION_FORMATS.map((label, i) => ({ value: String(i), label }));

export function DurationOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("fields.options.durationFormat")}
      value={String(options.duration ?? 0)}
      choices={FORMATS}
      onValueChange={(v) => onChange({ ...options, duration: Number(v) })}
    />
  );
}
