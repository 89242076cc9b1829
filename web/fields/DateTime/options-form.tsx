import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import { DATE_FORMATS, plainChoices, TIME_FORMATS } from "../common/choices";
import type { OptionsFormProps } from "../types";

export function DateTimeOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={t("fields.options.dateFormat")}
        value={String(options.date_format ?? DATE_FORMATS[0])}
        choices={plainChoices(DATE_FORMATS, options.date_format)}
        onValueChange={(v) => onChange({ ...options, date_format: v })}
      />
      <SelectField
        label={t("fields.options.timeFormat")}
        value={String(options.time_format ?? TIME_FORMATS[0])}
        choices={plainChoices(TIME_FORMATS, options.time_format)}
        onValueChange={(v) => onChange({ ...options, time_format: v })}
      />
    </div>
  );
}
