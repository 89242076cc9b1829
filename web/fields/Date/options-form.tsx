import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import { DATE_FORMATS, plainChoices } from "../common/choices";
import type { OptionsFormProps } from "../types";

export function DateOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("fields.options.dateFormat")}
      value={String(options.date_format ?? DATE_FORMATS[0])}
      choices={plainChoices(DATE_FORMATS, options.date_format)}
      onValueChange={(v) => onChange({ ...options, date_format: v })}
    />
  );
}
