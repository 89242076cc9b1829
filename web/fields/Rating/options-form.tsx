import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/ui/select-field";
import type { OptionsFormProps } from "../types";

const MAX_CHOICES = Array.from({ length: 10 }, (_, i) => String(i + 1));

/** Rating: how many stars (1 to 10, db/fields/Rating.ts). */
export function RatingOptionsForm({ options, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("fields.options.ratingMax")}
      value={String(options.max ?? 5)}
      choices={MAX_CHOICES.map((v) => ({ value: v, label: v }))}
      onValueChange={(v) => onChange({ ...options, max: Number(v) })}
    />
  );
}
